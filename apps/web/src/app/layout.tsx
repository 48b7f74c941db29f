import { Anchor, AppShell, Group, Image, Text, Title } from '@mantine/core';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { APP_VERSION, paths } from '../config/paths';
import { pageTitle } from '../lib/page-title';
import { FullScreenLoader } from '../ui/full-screen-loader';
import { LanguageSelect } from '../ui/language-select';
import { ThemeToggle } from '../ui/theme-toggle';

export function AppLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = pageTitle(pathname);
  }, [pathname]);

  return (
    <AppShell header={{ height: 60 }} footer={{ height: 44 }} padding="md">
      <a href="#main" className="ki-skip-link">
        {t('shell.skipToContent')}
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Anchor component={Link} to={paths.home} underline="never" c="inherit">
            <Group gap="xs" wrap="nowrap">
              <Image src="/icon.svg" alt="" w={32} h={32} />
              <Title order={1} size="h4" data-testid="app-name">
                {t('app.name')}
              </Title>
            </Group>
          </Anchor>
          <Group gap="xs" wrap="nowrap">
            <LanguageSelect />
            <ThemeToggle />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Main id="main">
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
