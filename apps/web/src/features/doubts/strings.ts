import { ownStrings } from '../../lib/i18n';

// The doubts' strings in each language come with their code, not through the first load's table of
// string files (lib/i18n.ts): the learner's first load does not list six more files.
ownStrings('doubts', import.meta.glob('../../locales/*/doubts.json', { import: 'default' }));
