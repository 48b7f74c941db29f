import { i18next } from '../../lib/i18n';
import './strings';

/**
 * The exam launcher's pages (/exams, /exams/{type}, /himalayansuper30/{type}, /himalayan-super30)
 * with their strings (`exams`), which download beside them: one small module, so the app's entry
 * names one import of the launcher and no table line per language for its strings.
 */
export const loadExamPages = () =>
  Promise.all([import('./exam-pages'), i18next.loadNamespaces('exams')]).then(([m]) => m);
