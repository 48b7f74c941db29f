import { ownStrings } from '../../lib/i18n';

// The calendar's strings in each language come with its code, not through the first load's table of
// string files (lib/i18n.ts): the learner's first load does not list six more files.
const STRINGS = import.meta.glob<Record<string, unknown>>('../../locales/*/calendar.json', { import: 'default' });
ownStrings('calendar', (language) => {
  const load = STRINGS[`../../locales/${language}/calendar.json`];
  return load ? load() : Promise.reject(new Error(`no calendar strings for ${language}`));
});
