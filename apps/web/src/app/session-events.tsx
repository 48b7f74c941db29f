import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate } from 'react-router';
import { onApiError } from '../lib/api-client';
import { onAuthMessage } from '../lib/auth-channel';
import { clearLocalData } from '../lib/logout';
import { useMe } from '../lib/session';
import { storeAnswer } from '../lib/store-answer';
import { paths } from '../config/paths';
import { LanguageAgent } from './language-agent';
import { RecordsSyncAgent } from './records-sync-agent';

const STAFF_LOGIN_ROLES = new Set(['teacher', 'principal', 'superadmin']);

/**
 * App-wide events: sign-out in another tab signs this one out too, connectivity changes are
 * announced ('You are offline' / 'You are connected to Internet'), and a student whose plan has
 * ended mid-session (the server answers PLAN_REQUIRED) is sent to /plans with their session asked
 * for again (it then says the plan ended, and the start-up check keeps them there).
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
          storeAnswer(queryClient, ['me'], null);
          void navigate(role && STAFF_LOGIN_ROLES.has(role) ? paths.teacherLogin : paths.login, { replace: true });
        } else {
          void queryClient.invalidateQueries({ queryKey: ['me'] });
        }
      }),
    [navigate, queryClient, role],
  );

  useEffect(
    () =>
      onApiError((error) => {
        if (error.code !== 'PLAN_REQUIRED') return;
        // Several answers may say so at once: one request for the session is enough.
        void queryClient.invalidateQueries({ queryKey: ['me'], exact: true }, { cancelRefetch: false });
        if (window.location.pathname !== paths.plans) void navigate(paths.plans, { replace: true });
      }),
    [navigate, queryClient],
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
