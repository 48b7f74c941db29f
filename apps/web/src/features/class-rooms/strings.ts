import { ownStrings } from '../../lib/i18n';

// The class rooms' strings in each language come with their code, not through the first load's table
// of string files (lib/i18n.ts): the learner's first load does not list six more files.
const STRINGS = import.meta.glob<Record<string, unknown>>('../../locales/*/classrooms.json', { import: 'default' });
ownStrings('classrooms', (language) => {
  const load = STRINGS[`../../locales/${language}/classrooms.json`];
  return load ? load() : Promise.reject(new Error(`no class room strings for ${language}`));
});
