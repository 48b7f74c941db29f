/**
 * Every key the app keeps in the browser. Logout clears all of them except the records queue
 * (IndexedDB, never cleared: unsent learning records must not be lost), theme and language, and a
 * language chosen offline that the server does not have yet (lib/language.ts; it names its user).
 */
export const STORAGE_KEYS = {
  theme: 'ki.theme',
  language: 'ki.language',
  languagePending: 'ki.languagePending',
  me: 'ki.me',
  redirect: 'ki.redirect',
  selectedSchools: 'ki.selectedSchools',
  installDismissed: 'ki.installDismissed',
  /** Quiz and test answers not yet on the server (features/assessment/pending-answers.ts). */
  pendingAnswers: 'ki.pendingAnswers',
} as const;

/** Keys that survive logout: device preferences, not personal data. */
export const KEPT_ON_LOGOUT: readonly string[] = [
  STORAGE_KEYS.theme,
  STORAGE_KEYS.language,
  STORAGE_KEYS.languagePending,
  STORAGE_KEYS.installDismissed,
];
