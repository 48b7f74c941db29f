import { ownStrings } from '../../lib/i18n';

// Chat's strings in each language come with its code, not through the first load's table of string
// files (lib/i18n.ts): the learner's first load does not list six files only staff open.
ownStrings('chat', import.meta.glob('../../locales/*/chat.json', { import: 'default' }));
