import { ownStrings } from '../../lib/i18n';

// The calendar's strings in each language come with its code, not through the first load's table of
// string files (lib/i18n.ts): the learner's first load does not list six more files.
ownStrings('calendar', import.meta.glob('../../locales/*/calendar.json', { import: 'default' }));
