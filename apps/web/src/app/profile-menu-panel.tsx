import { Button, Group, Menu, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBookmark, IconCalendar, IconCreditCard, IconLogout, IconTrophy, IconUser } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { MeResponse } from '@ki/contracts';
import { paths } from '../config/paths';
import { logout } from '../lib/logout';
import '../lib/page-names';
import { fullName } from '../lib/session';
import { storeAnswer } from '../lib/store-answer';
import { MantineRoot } from '../ui/mantine-root';
import { ProfileButton } from './profile-button';

/**
 * The profile menu and the logout confirmation: loaded lazily by the layout, with the Mantine
 * provider they need (the shell has none). The header menu of access-and-app-shell.md 2.7a: profile,
 * bookmarks and leader board for a learner, subscribe for a student whose family pays (me.plan: not
 * for one whose school pays, nor anyone else), the calendar of 2.7 for whoever has one
 * (abilities.calendar: students, parents and staff), log out.
 */
export default function ProfileMenuPanel(props: { me: MeResponse; initiallyOpened: boolean }) {
  return (
    <MantineRoot>
      <ProfileMenu {...props} />
    </MantineRoot>
  );
}

function ProfileMenu({ me, initiallyOpened }: { me: MeResponse; initiallyOpened: boolean }) {
  // Page names (`pages`), as the tab titles have them (lib/page-names.ts).
  const { t } = useTranslation(['common', 'pages']);
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
    storeAnswer(queryClient, ['me'], null);
    notifications.show({ color: 'teal', message: t('logout.done', { name }) });
    void navigate(isStaff ? paths.teacherLogin : paths.login, { replace: true });
  }

  return (
    <>
      <Menu position="bottom-end" withinPortal defaultOpened={initiallyOpened}>
        <Menu.Target>
          <ProfileButton me={me} />
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{name}</Menu.Label>
          <Menu.Item component={Link} to={paths.profile} leftSection={<IconUser size={16} />}>
            {t('nav.profile')}
          </Menu.Item>
          {me.abilities.learn ? (
            <>
              <Menu.Item component={Link} to={paths.bookmarks} leftSection={<IconBookmark size={16} />}>
                {t('pages:bookmarks')}
              </Menu.Item>
              <Menu.Item component={Link} to={paths.leaderboard} leftSection={<IconTrophy size={16} />}>
                {t('pages:leaderboard')}
              </Menu.Item>
            </>
          ) : null}
          {me.plan && me.plan.status !== 'school' ? (
            <Menu.Item
              component={Link}
              to={paths.plans}
              leftSection={<IconCreditCard size={16} />}
              data-testid="menu-subscribe"
            >
              {t('nav.subscribe')}
            </Menu.Item>
          ) : null}
          {me.abilities.calendar === 'none' ? null : (
            <Menu.Item
              component={Link}
              to={paths.calendar}
              leftSection={<IconCalendar size={16} />}
              data-testid="menu-calendar"
            >
              {t('nav.calendar')}
            </Menu.Item>
          )}
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
