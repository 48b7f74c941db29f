import { ownStrings } from '../../lib/i18n';

// The authoring screens' strings in each language come with their code (each page imports this
// module), not through the first load's table of string files (lib/i18n.ts): every route's first
// load lists six fewer files for screens only the content roles open.
const STRINGS = import.meta.glob<Record<string, unknown>>('../../locales/*/authoring.json', { import: 'default' });
ownStrings('authoring', (language) => {
  const load = STRINGS[`../../locales/${language}/authoring.json`];
  return load ? load() : Promise.reject(new Error(`no authoring strings for ${language}`));
});
