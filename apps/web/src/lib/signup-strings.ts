import { ownStrings } from './i18n';

/**
 * The families' sign-up strings (signup.json) come with the code that shows them, not through the
 * first load's table of string files (lib/i18n.ts). Two features read them: the sign-up page, and a
 * child's dashboard, where a parent gives consent again to the same versioned text (`consent.*`,
 * ui/consent-agreement.tsx); both import this module, so it sits below them.
 */
ownStrings('signup', import.meta.glob('../locales/*/signup.json', { import: 'default' }));
