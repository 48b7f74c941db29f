import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconMenu2, IconX } from '@tabler/icons-react';
import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import type { MeResponse } from '@ki/contracts';
import { APP_VERSION, paths, SIGN_IN_VERSION } from '../config/paths';
import { useInstallPrompt } from '../lib/install-prompt';
import { queryClient } from '../lib/query-client';
import { useMe } from '../lib/session';
import { whenIdle } from '../lib/when-idle';
import { CodeBoundary, retryableLazy } from '../ui/code-boundary';
import { FullScreenLoader } from '../ui/full-screen-loader';
import { OfflineNoticeSlot } from '../ui/offline-parts';
import { ThemeToggle } from '../ui/theme-toggle';
import { HeaderLanguage } from './header-language';
import { LearnerTabs } from './learner-tabs';
import { navItems } from './nav-items';
import { ProfileButton } from './profile-button';

const {
  Part: ProfileMenuPanel,
  preload: preloadProfileMenu,
  retry: retryProfileMenu,
} = retryableLazy(() => import('./profile-menu-panel').then((m) => m.default));
/** Fetches the profile menu's code when the reader reaches for it; after a failed fetch, the next reach tries again. */
const reachForProfileMenu = () => void preloadProfileMenu().catch(retryProfileMenu);
// The install banner's code comes with the browser's offer (rare, and never on a first screen).
const { Part: InstallBanner } = retryableLazy(() => import('./install-banner').then((m) => m.InstallBanner));
// Staff chat's unread count, live events and calls: loaded only for those who chat (features/chat/nav-badge.tsx).
const { Part: ChatNavBadge } = retryableLazy(() => import('../features/chat/pages').then((m) => m.loadNavBadge()));

function ChatBadge(props: { onMenu?: boolean; calls?: boolean }) {
  return (
    <CodeBoundary fallback={null}>
      <Suspense fallback={null}>
        <ChatNavBadge {...props} />
      </Suspense>
    </CodeBoundary>
  );
}

// The shell is plain HTML and CSS (ui/plain.css, app/shell.css), not Mantine's AppShell: the
// learner's first download carries no Mantine code (docs/PERFORMANCE.md, "A Mantine-free first load").

/**
 * The tab title: the page's name in the user's language, then the product name. The names and their
 * code are a small chunk of their own, fetched after the page: no first load carries them.
 */
function usePageTitle() {
  const { pathname } = useLocation();
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  useEffect(() => {
    let current = true;
    import('../lib/page-names')
      .then((m) => m.translatedPageTitle(pathname))
      .then(
        (title) => {
          if (current) document.title = title;
        },
        () => undefined, // offline before the chunk was cached: the title stays as it was
      );
    return () => {
      current = false;
    };
  }, [pathname, language]);
}

function Brand() {
  const { t } = useTranslation();
  return (
    <Link to={paths.root} className="ki-brand" aria-label={t('app.name')}>
      <img src="/icon.svg" alt="" width={32} height={32} />
      <h1 className="ki-title ki-from-xs ki-truncate" data-size="h4" data-testid="app-name">
        {t('app.name')}
      </h1>
    </Link>
  );
}

function Header({ start, end }: { start: ReactNode; end: ReactNode }) {
  return (
    <header className="ki-header">
      <div className="ki-row">{start}</div>
      <div className="ki-row">{end}</div>
    </header>
  );
}

/** The layout of signed-in screens: header, side navigation, profile menu, install banner, footer. */
export function AppLayout() {
  usePageTitle();
  const { t } = useTranslation();
  const { data: me } = useMe();
  const [opened, { toggle, close }] = useDisclosure();
  const { pathname } = useLocation();
  // The offline notice's code: at once offline, else once the first screen is up (ui/offline-parts.tsx).
  const [notice, setNotice] = useState(!navigator.onLine);
  useEffect(() => whenIdle(() => setNotice(true)), []);
  const items = me ? navItems(me) : [];
  const installable = useInstallPrompt().available;
  // Below the 'sm' breakpoint (48em) the navigation is a drawer. Its links exist only while it is
  // open: a phone does not render them on every page, and keyboard focus never lands on links that
  // are off the screen.
  const drawer = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const showLinks = !drawer || opened;
  const menuButton = useRef<HTMLButtonElement>(null);
  // Escape closes the open drawer and gives the focus back to the menu button, as a dialog would.
  useEffect(() => {
    if (!drawer || !opened) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      close();
      menuButton.current?.focus();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [drawer, opened, close]);

  return (
    <div className="ki-shell" data-with-nav={items.length ? '' : undefined} data-opened={opened ? '' : undefined}>
      <a href="#main" className="ki-skip-link">
        {t('shell.skipToContent')}
      </a>
      <Header
        start={
          <>
            {items.length ? (
              <button
                ref={menuButton}
                type="button"
                className="ki-icon-button ki-below-sm"
                data-variant="subtle"
                onClick={toggle}
                aria-label={t('shell.menu')}
                aria-expanded={opened}
                aria-controls="app-navigation"
              >
                {opened ? <IconX size={22} aria-hidden="true" /> : <IconMenu2 size={22} aria-hidden="true" />}
                {me?.abilities.chat ? <ChatBadge onMenu /> : null}
              </button>
            ) : null}
            <Brand />
          </>
        }
        end={
          <>
            <HeaderLanguage />
            <ThemeToggle />
            {me ? <ProfileMenu me={me} /> : null}
          </>
        }
      />
      {items.length ? (
        <nav className="ki-navbar" aria-label={t('shell.navigation')} id="app-navigation">
          {(showLinks ? items : []).map((item) =>
            item.soon ? (
              <span key={item.to} className="ki-navlink" data-soon="">
                {item.icon}
                <span>{t(item.labelKey)}</span>
                <span className="ki-soon">{t('nav.comingSoon')}</span>
              </span>
            ) : (
              <Link
                key={item.to}
                to={item.to}
                className="ki-navlink"
                aria-current={pathname === item.to ? 'page' : undefined}
                onClick={close}
              >
                {item.icon}
                <span>{t(item.labelKey)}</span>
                {item.to === paths.chat ? <ChatBadge /> : null}
              </Link>
            ),
          )}
        </nav>
      ) : null}
      <main className="ki-main" id="main">
        {notice ? <OfflineNoticeSlot client={queryClient} /> : null}
        {installable ? (
          <CodeBoundary fallback={null}>
            <Suspense fallback={null}>
              <InstallBanner />
            </Suspense>
          </CodeBoundary>
        ) : null}
        {me ? <LearnerTabs me={me} pathname={pathname} /> : null}
        <Suspense fallback={<FullScreenLoader />}>
          <Outlet />
        </Suspense>
      </main>
      {/* On a phone at the page's end; fixed below the page from the 'sm' breakpoint (shell.css). */}
      <footer className="ki-footer ki-text-xs ki-dimmed">
        <span>{t('footer.rights', { year: new Date().getFullYear() })}</span>
        <span className="ki-row">
          <PrivacyLink />
          <span>{t('footer.version', { version: APP_VERSION })}</span>
        </span>
      </footer>
      {me?.abilities.chat ? <ChatBadge calls /> : null}
    </div>
  );
}

/**
 * The header's profile button. Its menu and the logout dialog (Mantine's Menu and Modal, with
 * Floating UI, and Mantine's style sheets) load when the reader reaches for it (a pointer over it or
 * pressing it, the keyboard's focus), not with the page: a phone's first screen neither downloads
 * them nor pays for restyling the whole page when their sheets arrive. A tap made before the code
 * has arrived opens the menu once it has.
 */
function ProfileMenu({ me }: { me: MeResponse }) {
  const [load, setLoad] = useState(false);
  const [tapped, setTapped] = useState(false);
  // A failed fetch of the menu's code (offline before the service worker has the app) leaves the
  // button in place; a tap on it tries again.
  const [attempt, setAttempt] = useState(0);
  const button = (
    <ProfileButton
      me={me}
      onPointerEnter={reachForProfileMenu}
      onPointerDown={reachForProfileMenu}
      onFocus={reachForProfileMenu}
      onClick={() => {
        setTapped(true);
        setLoad(true);
      }}
    />
  );
  if (!load) return button;
  const retry = (
    <ProfileButton
      me={me}
      onClick={() => {
        retryProfileMenu();
        setTapped(true);
        setAttempt((n) => n + 1);
      }}
    />
  );
  return (
    <CodeBoundary key={attempt} fallback={retry}>
      <Suspense fallback={button}>
        <ProfileMenuPanel me={me} initiallyOpened={tapped} />
      </Suspense>
    </CodeBoundary>
  );
}

/**
 * The footers' link to the privacy policy (access-and-app-shell.md 2.7a), readable signed in or out.
 * Underlined: among the footer's words it must not be told by its colour alone.
 */
function PrivacyLink() {
  const { t } = useTranslation();
  return (
    <Link to={paths.privacy} className="ki-link" style={{ textDecoration: 'underline' }}>
      {t('footer.privacy')}
    </Link>
  );
}

/** Sign-in screens: a centred card, with copyright and the sign-in version in the footer. */
export function AuthLayout() {
  usePageTitle();
  const { t } = useTranslation();
  return (
    <div className="ki-shell">
      <Header
        start={<Brand />}
        end={
          <>
            <HeaderLanguage />
            <ThemeToggle />
          </>
        }
      />
      <main className="ki-main" data-auth="" id="main">
        <div className="ki-auth-column ki-stack">
          <Suspense fallback={<FullScreenLoader />}>
            <Outlet />
          </Suspense>
          <p className="ki-text-xs ki-dimmed ki-m0" style={{ textAlign: 'center' }} data-testid="signin-footer">
            {t('footer.rights', { year: new Date().getFullYear() })} ·{' '}
            {t('footer.version', { version: SIGN_IN_VERSION })} · <PrivacyLink />
          </p>
        </div>
      </main>
    </div>
  );
}
