import { ownStrings } from '../../lib/i18n';

// The leaderboard's strings in each language come with its code, not through the first load's table
// of string files (lib/i18n.ts): every route's first load lists six fewer files.
const STRINGS = import.meta.glob<Record<string, unknown>>('../../locales/*/leaderboard.json', { import: 'default' });
ownStrings('leaderboard', (language) => {
  const load = STRINGS[`../../locales/${language}/leaderboard.json`];
  return load ? load() : Promise.reject(new Error(`no leaderboard strings for ${language}`));
});
