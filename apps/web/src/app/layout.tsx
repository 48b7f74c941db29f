import {
  Anchor,
  AppShell,
  Burger,
  Button,
  CloseButton,
  Group,
  Image,
  Menu,
  Modal,
  NavLink,
  Paper,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconCalendar, IconChevronDown, IconLogout, IconUser } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import type { MeResponse } from '@ki/contracts';
import { APP_VERSION, paths, SIGN_IN_VERSION } from '../config/paths';
import { useInstallPrompt } from '../lib/install-prompt';
import { logout } from '../lib/logout';
import { pageTitle } from '../lib/page-title';
import { navItems } from './nav-items';
import { fullName, useMe } from '../lib/session';
import { STORAGE_KEYS } from '../lib/storage-keys';
import { FullScreenLoader } from '../ui/full-screen-loader';
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
              <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t('shell.menu')} />
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
        <AppShell.Navbar p="xs" aria-label={t('shell.navigation')}>
          {items.map((item) => (
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

function ProfileMenu({ me }: { me: MeResponse }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const name = fullName(me);
  const isStaff = me.user.role === 'teacher' || me.user.role === 'principal' || me.user.role === 'superadmin';

  async function confirmLogout() {
    setBusy(true);
    try {
      await logout(queryClient);
    } catch {
      // Offline: the local session is gone all the same; the server session expires on its own.
    }
    setBusy(false);
    setConfirming(false);
    queryClient.setQueryData(['me'], null);
    notifications.show({ color: 'teal', message: t('logout.done', { name }) });
    void navigate(isStaff ? paths.teacherLogin : paths.login, { replace: true });
  }

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <UnstyledButton aria-label={t('profile.menu')} data-testid="profile-menu">
            <Group gap={4} wrap="nowrap">
              <Text size="sm" fw={600} visibleFrom="sm" maw={140} truncate>
                {me.user.firstName}
              </Text>
              <IconChevronDown size={16} aria-hidden="true" />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{name}</Menu.Label>
          <Menu.Item component={Link} to={paths.profile} leftSection={<IconUser size={16} />}>
            {t('nav.profile')}
          </Menu.Item>
          <Menu.Item component={Link} to={paths.calendar} leftSection={<IconCalendar size={16} />}>
            {t('nav.calendar')}
          </Menu.Item>
          <Menu.Item leftSection={<IconLogout size={16} />} onClick={() => setConfirming(true)} data-testid="logout">
            {t('logout.action')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('logout.action')} centered size="sm">
        <Stack>
          <Text>{t('logout.confirm')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('common.no')}
            </Button>
            <Button color="red" loading={busy} onClick={() => void confirmLogout()} data-testid="logout-yes">
              {t('common.yes')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
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
