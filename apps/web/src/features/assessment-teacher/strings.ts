import { i18next, i18nReady, ownStrings } from '../../lib/i18n';

// The teachers' quiz screens' strings in each language come with their code, not through the first
// load's table of string files (lib/i18n.ts): every route's first load lists six fewer files.
ownStrings('quizzes', import.meta.glob('../../locales/*/quizzes.json', { import: 'default' }));

/** The `quizzes` strings of the current language (and English), loaded before a screen shows. */
export const quizStringsReady = () => i18nReady.then(() => i18next.loadNamespaces('quizzes'));
