import { ownStrings } from '../../lib/i18n';

// The profile's strings in each language come with its code, not through the first load's table of
// string files (lib/i18n.ts): every route's first load lists six files fewer.
const STRINGS = import.meta.glob<Record<string, unknown>>('../../locales/*/profile.json', { import: 'default' });
ownStrings('profile', (language) => {
  const load = STRINGS[`../../locales/${language}/profile.json`];
  return load ? load() : Promise.reject(new Error(`no profile strings for ${language}`));
});
