import { ownStrings } from '../../lib/i18n';

// The doubts' strings in each language come with their code, not through the first load's table of
// string files (lib/i18n.ts): the learner's first load does not list six more files.
const STRINGS = import.meta.glob<Record<string, unknown>>('../../locales/*/doubts.json', { import: 'default' });
ownStrings('doubts', (language) => {
  const load = STRINGS[`../../locales/${language}/doubts.json`];
  return load ? load() : Promise.reject(new Error(`no doubts strings for ${language}`));
});
