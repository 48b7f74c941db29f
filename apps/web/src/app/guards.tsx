import { notifications } from '@mantine/notifications';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '../config/paths';
import { landingPath, useMe } from '../lib/session';
import { STORAGE_KEYS } from '../lib/storage-keys';
import { FullScreenLoader } from '../ui/full-screen-loader';


/**
 * Login-required routes (access-and-app-shell.md 4.4): a signed-out visitor's path is remembered and
 * they go to sign in. The API enforces the same rules; these guards only spare a useless screen.
 */
export function RequireAuth({ loginPath = paths.login }: { loginPath?: string }) {
  const me = useMe();
  const location = useLocation();
  if (me.isPending) return <FullScreenLoader />;
  if (!me.data) {
    sessionStorage.setItem(STORAGE_KEYS.redirect, `${location.pathname}${location.search}`);
    return <Navigate to={loginPath} replace />;
  }
  return <Outlet />;
}

/** Sign-in pages: a signed-in user goes home instead. */
export function GuestOnly() {
  const me = useMe();
  if (me.isPending) return <FullScreenLoader />;
  if (me.data) return <Navigate to={landingPath(me.data)} replace />;
  return <Outlet />;
}

/** Everything but the pickers needs language, board and grade chosen first. */
export function RequireOnboarded() {
  const { data: me } = useMe();
  const o = me?.onboarding;
  const ready = !(o && (o.needsLanguage || o.needsBoard || o.needsGrade));
  useEffect(() => {
    // The user has landed: the page remembered before sign-in has served its purpose.
    if (ready) sessionStorage.removeItem(STORAGE_KEYS.redirect);
  }, [ready]);
  if (!ready) return <Navigate to={paths.onboarding} replace />;
  return <Outlet />;
}

/** Staff-only routes: a student is told so and sent to the concepts page. */
export function StaffOnly() {
  const { data: me } = useMe();
  const isStaff = me?.abilities.dashboard === 'school' || me?.abilities.dashboard === 'subject';
  return isStaff ? <Outlet /> : <RedirectWithMessage to={paths.concepts} messageKey="guards.notAuthorized" />;
}

/** Routes that need a product of the school, e.g. live classes (access-and-app-shell.md 4.4). */
export function RequireProduct({ product, children }: { product: string; children: ReactNode }) {
  const { data: me } = useMe();
  if (!me?.school?.products.includes(product)) return <Navigate to={me?.home ?? paths.root} replace />;
  return children;
}

function RedirectWithMessage({ to, messageKey }: { to: string; messageKey: string }) {
  const { t } = useTranslation();
  useEffect(() => {
    notifications.show({ id: messageKey, color: 'yellow', message: t(messageKey) });
  }, [messageKey, t]);
  return <Navigate to={to} replace />;
}

/** '/' opens the user's home: students the concepts page, staff their dashboard. */
export function HomeRedirect() {
  const { data: me } = useMe();
  return <Navigate to={me ? landingPath(me) : paths.login} replace />;
}

/** The authoring area: content editors and approvers only; anyone else is told so and sent home. */
export function ContentRolesOnly() {
  const { data: me } = useMe();
  const allowed = !!me && (me.abilities.author || me.abilities.approve);
  return allowed ? <Outlet /> : <RedirectWithMessage to={me?.home ?? paths.root} messageKey="guards.notAuthorized" />;
}
