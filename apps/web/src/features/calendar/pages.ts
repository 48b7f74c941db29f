import { i18next } from '../../lib/i18n';
import './strings';

/**
 * The /calendar page for the app's router, with its strings (`calendar`), which download beside it:
 * one small module, so the app's entry names one import of the calendar instead of the page's list
 * of files (FullCalendar among them), which /concepts' first load would pay for (docs/PERFORMANCE.md).
 */
export const loadCalendarPage = () =>
  Promise.all([import('./calendar-page'), i18next.loadNamespaces('calendar')]).then(([m]) => m);
