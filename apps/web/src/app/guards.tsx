import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PARENT_REDIRECT, paths } from '../config/paths';
import { useOnline } from '../lib/connectivity';
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

/**
 * The signed-in pages a parent has: their children's dashboards (where '/' and /dashboard lead),
 * their profile, and the school calendar (their children's classes' events).
 */
const PARENT_PAGES: readonly string[] = [
  paths.root,
  paths.dashboard,
  paths.parentDashboard,
  paths.profile,
  paths.calendar,
];

/**
 * Everything but the pickers needs language, board and grade chosen first. A parent has none of the
 * learner's pages (concepts, the learning path, bookmarks, leader board, practice): a typed or
 * shared link opens their children's dashboards instead, which say why.
 */
export function RequireOnboarded() {
  const { data: me } = useMe();
  const { pathname } = useLocation();
  const o = me?.onboarding;
  const ready = !(o && (o.needsLanguage || o.needsBoard || o.needsGrade));
  useEffect(() => {
    // The user has landed: the page remembered before sign-in has served its purpose.
    if (ready) sessionStorage.removeItem(STORAGE_KEYS.redirect);
  }, [ready]);
  if (!ready) return <Navigate to={paths.onboarding} replace />;
  if (me?.abilities.dashboard === 'children' && !PARENT_PAGES.includes(pathname)) return <ToParentDashboard />;
  return <Outlet />;
}

/**
 * The pages a student without a running plan still opens: choosing one, their profile (with their
 * receipts), and the school calendar. (The privacy policy needs no sign-in at all.)
 */
const PLAN_FREE_PAGES: readonly string[] = [paths.plans, paths.profile, paths.calendar];

/**
 * The subscription check (access-and-app-shell.md 4.7): online, a student whose plan has ended, or
 * who never had one, goes from every learner page to /plans. Offline nothing can be bought: the page
 * renders (with the offline notice) on what the device has. The server refuses the learner API
 * with PLAN_REQUIRED all the same; a plan that ends mid-session is caught there (SessionEvents).
 */
export function RequirePlan() {
  const { data: me } = useMe();
  const online = useOnline();
  const { pathname } = useLocation();
  const page = pathname.replace(/(.)\/+$/, '$1');
  if (online && me?.plan?.status === 'none' && !PLAN_FREE_PAGES.includes(page))
    return <Navigate to={paths.plans} replace />;
  return <Outlet />;
}

/** Students' pages, such as /plans (me.plan is theirs alone): anyone else is told so and sent home. */
export function StudentsOnly() {
  const { data: me } = useMe();
  return me?.plan ? <Outlet /> : <RedirectWithMessage to={me?.home ?? paths.root} messageKey="guards.notAuthorized" />;
}

/** Staff-only routes: a student is told so and sent to the concepts page, a parent to their children. */
export function StaffOnly() {
  const { data: me } = useMe();
  const isStaff = me?.abilities.dashboard === 'school' || me?.abilities.dashboard === 'subject';
  if (isStaff) return <Outlet />;
  if (me?.abilities.dashboard === 'children') return <ToParentDashboard />;
  return <RedirectWithMessage to={paths.concepts} messageKey="guards.notAuthorized" />;
}

/** The parent's dashboard says why they landed there (PARENT_REDIRECT in its navigation state). */
function ToParentDashboard() {
  return <Navigate to={paths.parentDashboard} replace state={PARENT_REDIRECT} />;
}

/**
 * Routes that need a product of the school, e.g. live classes (access-and-app-shell.md 4.4: /live-classes
 * without the liveclasses product redirects away): anyone else goes home.
 */
export function RequireProduct({ product }: { product: string }) {
  const { data: me } = useMe();
  if (!me?.school?.products.includes(product)) return <Navigate to={me?.home ?? paths.root} replace />;
  return <Outlet />;
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

/**
 * The school calendar: those the server gives one (abilities.calendar: students, parents, staff);
 * the content roles, who have none, are told so and sent home.
 */
export function CalendarUsersOnly() {
  const { data: me } = useMe();
  const allowed = !!me && me.abilities.calendar !== 'none';
  return allowed ? <Outlet /> : <RedirectWithMessage to={me?.home ?? paths.root} messageKey="guards.notAuthorized" />;
}

/** The authoring area: content editors and approvers only; anyone else is told so and sent home. */
export function ContentRolesOnly() {
  const { data: me } = useMe();
  const allowed = !!me && (me.abilities.author || me.abilities.approve);
  return allowed ? <Outlet /> : <RedirectWithMessage to={me?.home ?? paths.root} messageKey="guards.notAuthorized" />;
}
