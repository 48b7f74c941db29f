import { ownStrings } from './i18n';

/**
 * The families' sign-up strings (signup.json) come with the code that shows them, not through the
 * first load's table of string files (lib/i18n.ts). Two features read them: the sign-up page, and a
 * child's dashboard, where a parent gives consent again to the same versioned text (`consent.*`,
 * ui/consent-agreement.tsx); both import this module, so it sits below them.
 */
const STRINGS = import.meta.glob<Record<string, unknown>>('../locales/*/signup.json', { import: 'default' });
ownStrings('signup', (language) => {
  const load = STRINGS[`../locales/${language}/signup.json`];
  return load ? load() : Promise.reject(new Error(`no sign-up strings for ${language}`));
});
