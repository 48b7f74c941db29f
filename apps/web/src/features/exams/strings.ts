import { ownStrings } from '../../lib/i18n';

// The exam launcher's strings in each language come with its code, not through the first load's table
// of string files (lib/i18n.ts): every route's first load lists six fewer files.
const STRINGS = import.meta.glob<Record<string, unknown>>('../../locales/*/exams.json', { import: 'default' });
ownStrings('exams', (language) => {
  const load = STRINGS[`../../locales/${language}/exams.json`];
  return load ? load() : Promise.reject(new Error(`no exam launcher strings for ${language}`));
});
