import { i18next } from '../../lib/i18n';
import './strings';

/**
 * Class rooms for the app (issue #26; access-and-app-shell.md 2.1 /class-rooms and /class-rooms/*):
 * the list of the caller's classes and one class room (class-rooms-route.tsx), with the class
 * rooms' strings, which download beside them: one small module, so the app's entry names one import
 * of the feature instead of the pages' list of files.
 */
export const loadClassRoomsRoute = () =>
  Promise.all([import('./class-rooms-route'), i18next.loadNamespaces('classrooms')]).then(([m]) => m);
