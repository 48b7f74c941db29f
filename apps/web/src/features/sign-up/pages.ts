import { i18next } from '../../lib/i18n';
import '../../lib/signup-strings';

/**
 * The /signup page with its strings, which download beside it: its own (signup) and the sign-in
 * forms' (auth: the phone's country, the one-time code's boxes and countdown, the wait after too
 * many tries), which it shares.
 */
export const loadSignUpPage = () =>
  Promise.all([import('./sign-up-page'), i18next.loadNamespaces(['signup', 'auth'])]).then(([m]) => m);
