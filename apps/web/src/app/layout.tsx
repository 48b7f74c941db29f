import {
  Anchor,
  AppShell,
  Burger,
  Button,
  CloseButton,
  Group,
  Image,
  NavLink,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import type { MeResponse } from '@ki/contracts';
import { APP_VERSION, paths, SIGN_IN_VERSION } from '../config/paths';
import { useInstallPrompt } from '../lib/install-prompt';
import { pageTitle } from '../lib/page-title';
import { navItems } from './nav-items';
import { PROFILE_MENU_DELAY_MS, ProfileButton } from './profile-button';
import { useMe } from '../lib/session';
import { STORAGE_KEYS } from '../lib/storage-keys';
import { FullScreenLoader } from '../ui/full-screen-loader';

const ProfileMenuPanel = lazy(() => import('./profile-menu-panel'));
import { LanguageSelect } from '../ui/language-select';
import { ThemeToggle } from '../ui/theme-toggle';

function usePageTitle() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = pageTitle(pathname);
  }, [pathname]);
}

function Brand() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to={paths.root} underline="never" c="inherit" aria-label={t('app.name')}>
      <Group gap="xs" wrap="nowrap">
        <Image src="/icon.svg" alt="" w={32} h={32} />
        <Title order={1} size="h4" data-testid="app-name" visibleFrom="xs">
          {t('app.name')}
        </Title>
      </Group>
    </Anchor>
  );
}

/** The layout of signed-in screens: header, side navigation, profile menu, install banner, footer. */
export function AppLayout() {
  usePageTitle();
  const { t } = useTranslation();
  const { data: me } = useMe();
  const [opened, { toggle, close }] = useDisclosure();
  const { pathname } = useLocation();
  const items = me ? navItems(me) : [];
  // Below Mantine's 'sm' breakpoint (48em) the navigation is a drawer. Its links exist only while it
  // is open: a phone does not render them on every page, and keyboard focus never lands on links
  // that are off the screen.
  const drawer = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const showLinks = !drawer || opened;

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={items.length ? { width: 220, breakpoint: 'sm', collapsed: { mobile: !opened } } : undefined}
      footer={{ height: 40 }}
      padding="md"
    >
      <a href="#main" className="ki-skip-link">
        {t('shell.skipToContent')}
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            {items.length ? (
              <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t('shell.menu')} aria-expanded={opened} aria-controls="app-navigation" />
            ) : null}
            <Brand />
          </Group>
          <Group gap="xs" wrap="nowrap">
            <LanguageSelect />
            <ThemeToggle />
            {me ? <ProfileMenu me={me} /> : null}
          </Group>
        </Group>
      </AppShell.Header>
      {items.length ? (
        <AppShell.Navbar p="xs" aria-label={t('shell.navigation')} id="app-navigation">
          {(showLinks ? items : []).map((item) => (
            <NavLink
              key={item.to}
              component={Link}
              to={item.to}
              label={t(item.labelKey)}
              leftSection={item.icon}
              active={pathname === item.to}
              onClick={close}
            />
          ))}
        </AppShell.Navbar>
      ) : null}
      <AppShell.Main id="main">
        <InstallBanner />
        <Suspense fallback={<FullScreenLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
      <AppShell.Footer>
        <Group h="100%" px="md" justify="space-between" gap="xs" wrap="nowrap">
          <Text size="xs" c="dimmed" truncate>
            {t('footer.rights', { year: new Date().getFullYear() })}
          </Text>
          <Text size="xs" c="dimmed">
            {t('footer.version', { version: APP_VERSION })}
          </Text>
        </Group>
      </AppShell.Footer>
    </AppShell>
  );
}

/**
 * The header's profile button. Its menu and the logout dialog (Mantine's Menu and Modal, with
 * Floating UI) load after the first paint, so a phone's first download does not carry them; until
 * then the same button is shown, and a tap on it opens the menu once it has arrived.
 */
function ProfileMenu({ me }: { me: MeResponse }) {
  const [load, setLoad] = useState(false);
  const [tapped, setTapped] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setLoad(true), PROFILE_MENU_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
  const button = (
    <ProfileButton
      me={me}
      onClick={() => {
        setTapped(true);
        setLoad(true);
      }}
    />
  );
  if (!load) return button;
  return (
    <Suspense fallback={button}>
      <ProfileMenuPanel me={me} initiallyOpened={tapped} />
    </Suspense>
  );
}

/** Shown in a browser tab when the browser offers to install the app (access-and-app-shell.md 2.7a). */
function InstallBanner() {
  const { t } = useTranslation();
  const { available, install } = useInstallPrompt();
  const [dismissed, setDismissed] = useState(() => sessionStorage.getItem(STORAGE_KEYS.installDismissed) === '1');
  if (!available || dismissed) return null;
  return (
    <Paper withBorder p="sm" mb="md" data-testid="install-banner">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">{t('install.text')}</Text>
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" onClick={() => void install()}>
            {t('install.action')}
          </Button>
          <CloseButton
            aria-label={t('install.close')}
            onClick={() => {
              sessionStorage.setItem(STORAGE_KEYS.installDismissed, '1');
              setDismissed(true);
            }}
          />
        </Group>
      </Group>
    </Paper>
  );
}

/** Sign-in screens: a centred card, with copyright and the sign-in version in the footer. */
export function AuthLayout() {
  usePageTitle();
  const { t } = useTranslation();
  return (
    <AppShell header={{ height: 60 }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Brand />
          <Group gap="xs" wrap="nowrap">
            <LanguageSelect />
            <ThemeToggle />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Main id="main">
        <Stack maw={420} mx="auto" mt="lg" gap="md">
          <Suspense fallback={<FullScreenLoader />}>
            <Outlet />
          </Suspense>
          <Text size="xs" c="dimmed" ta="center" data-testid="signin-footer">
            {t('footer.rights', { year: new Date().getFullYear() })} ·{' '}
            {t('footer.version', { version: SIGN_IN_VERSION })}
          </Text>
        </Stack>
      </AppShell.Main>
    </AppShell>
  );
}
