import { ownStrings } from '../../lib/i18n';

// The leaderboard's strings in each language come with its code, not through the first load's table
// of string files (lib/i18n.ts): every route's first load lists six fewer files.
ownStrings('leaderboard', import.meta.glob('../../locales/*/leaderboard.json', { import: 'default' }));
