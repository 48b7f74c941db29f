import { ownStrings } from '../../lib/i18n';

// The authoring screens' strings in each language come with their code (each page imports this
// module), not through the first load's table of string files (lib/i18n.ts): every route's first
// load lists six fewer files for screens only the content roles open.
ownStrings('authoring', import.meta.glob('../../locales/*/authoring.json', { import: 'default' }));
