import { ownStrings } from '../../lib/i18n';

// The profile's strings in each language come with its code, not through the first load's table of
// string files (lib/i18n.ts): every route's first load lists six files fewer.
ownStrings('profile', import.meta.glob('../../locales/*/profile.json', { import: 'default' }));
