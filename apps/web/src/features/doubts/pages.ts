import { i18next } from '../../lib/i18n';
import './strings';

/**
 * Doubts for the app (issue #26, "Doubts"), each page with the doubts' strings, which download
 * beside it: one small module, so the app's entry names one import of the feature instead of each
 * page's list of files. The student's /ask-doubts; the staff's /doubts.
 */
const strings = () => i18next.loadNamespaces('doubts');

export const loadAskDoubtsPage = () => Promise.all([import('./ask-doubts-page'), strings()]).then(([m]) => m);

export const loadDoubtsPage = () => Promise.all([import('./doubts-page'), strings()]).then(([m]) => m);
