import { i18next } from '../../lib/i18n';
import './strings';

/**
 * Live classes and educational TV for the app (issue #26), each part with the live classes' strings,
 * which download beside it: one small module, so the app's entry names one import of the feature
 * instead of each page's list of files. The student's /live-classes (with the home's empty-rail text,
 * `learn`), the staff's /live-class, the join page of the three join routes, and the learner home's
 * rail (plain HTML: the home carries no Mantine).
 */
const strings = (...more: string[]) => i18next.loadNamespaces(['live', ...more]);

export const loadLiveClassesPage = () =>
  Promise.all([import('./live-classes-page'), strings('learn')]).then(([m]) => m);

export const loadLiveClassPage = () => Promise.all([import('./live-class-page'), strings()]).then(([m]) => m);

export const loadJoinPage = () => Promise.all([import('./join-page'), strings()]).then(([m]) => m);

export const loadLiveRail = () => Promise.all([import('./live-rail'), strings()]).then(([m]) => m.LiveRail);
