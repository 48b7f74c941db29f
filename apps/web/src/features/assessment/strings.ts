import { i18next, i18nReady, ownStrings } from '../../lib/i18n';

// The quizzes', tests' and live challenge's strings in each language come with their code, not
// through the first load's table of string files (lib/i18n.ts): every route's first load lists six
// fewer files.
ownStrings('assessment', import.meta.glob('../../locales/*/assessment.json', { import: 'default' }));

/** The `assessment` strings of the current language (and English), loaded before a screen shows. */
export const assessmentStringsReady = () => i18nReady.then(() => i18next.loadNamespaces('assessment'));
