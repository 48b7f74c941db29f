import { ownStrings } from '../../lib/i18n';

// The live classes' strings in each language come with their code, not through the first load's table
// of string files (lib/i18n.ts): the learner's first load does not list six more files.
const STRINGS = import.meta.glob<Record<string, unknown>>('../../locales/*/live.json', { import: 'default' });
ownStrings('live', (language) => {
  const load = STRINGS[`../../locales/${language}/live.json`];
  return load ? load() : Promise.reject(new Error(`no live class strings for ${language}`));
});
