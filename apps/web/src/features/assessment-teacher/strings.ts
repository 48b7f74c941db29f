import { i18next, i18nReady, ownStrings } from '../../lib/i18n';

// The teachers' quiz screens' strings in each language come with their code, not through the first
// load's table of string files (lib/i18n.ts): every route's first load lists six fewer files.
const STRINGS = import.meta.glob<Record<string, unknown>>('../../locales/*/quizzes.json', { import: 'default' });
ownStrings('quizzes', (language) => {
  const load = STRINGS[`../../locales/${language}/quizzes.json`];
  return load ? load() : Promise.reject(new Error(`no quiz strings for ${language}`));
});

/** The `quizzes` strings of the current language (and English), loaded before a screen shows. */
export const quizStringsReady = () => i18nReady.then(() => i18next.loadNamespaces('quizzes'));
