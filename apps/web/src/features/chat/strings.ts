import { ownStrings } from '../../lib/i18n';

// Chat's strings in each language come with its code, not through the first load's table of string
// files (lib/i18n.ts): the learner's first load does not list six files only staff open.
const STRINGS = import.meta.glob<Record<string, unknown>>('../../locales/*/chat.json', { import: 'default' });
ownStrings('chat', (language) => {
  const load = STRINGS[`../../locales/${language}/chat.json`];
  return load ? load() : Promise.reject(new Error(`no chat strings for ${language}`));
});
