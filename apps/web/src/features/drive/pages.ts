/**
 * The teachers' drive (issue #26, /drive), with its strings, which download beside it: one small
 * module, so the app's entry names one import of the feature (and the strings' module, shared with
 * the learner home's card, is imported from here rather than listed in the entry).
 */
export const loadDrivePage = () =>
  Promise.all([import('./drive-page'), import('../../lib/drive-strings').then((s) => s.loadDriveStrings())]).then(
    ([m]) => m,
  );
