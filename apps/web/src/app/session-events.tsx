import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate } from 'react-router';
import { onAuthMessage } from '../lib/auth-channel';
import { clearLocalData } from '../lib/logout';
import { useMe } from '../lib/session';
import { paths } from '../config/paths';
import { LanguageAgent } from './language-agent';
import { RecordsSyncAgent } from './records-sync-agent';

const STAFF_LOGIN_ROLES = new Set(['teacher', 'principal', 'superadmin']);

/**
 * App-wide events: sign-out in another tab signs this one out too, and connectivity changes are
 * announced ('You are offline' / 'You are connected to Internet').
 */
export function SessionEvents() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: me } = useMe();
  const role = me?.user.role;

  useEffect(
    () =>
      onAuthMessage((message) => {
        if (message.type === 'logout') {
          clearLocalData(queryClient);
          queryClient.setQueryData(['me'], null);
          void navigate(role && STAFF_LOGIN_ROLES.has(role) ? paths.teacherLogin : paths.login, { replace: true });
        } else {
          void queryClient.invalidateQueries({ queryKey: ['me'] });
        }
      }),
    [navigate, queryClient, role],
  );

  useEffect(() => {
    const offline = () =>
      notifications.show({ id: 'connectivity', color: 'yellow', message: t('shell.offline'), autoClose: 3000 });
    const online = () => {
      notifications.show({ id: 'connectivity', color: 'teal', message: t('shell.online'), autoClose: 3000 });
      void queryClient.invalidateQueries({ queryKey: ['me'] });
    };
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, [queryClient, t]);

  return (
    <>
      <RecordsSyncAgent />
      <LanguageAgent />
      <Outlet />
    </>
  );
}
