import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../../lib/session';
import { FullScreenLoader } from '../../../ui/full-screen-loader';
import { NotOnDevice } from '../../../ui/offline-parts';

type Missing = Parameters<typeof NotOnDevice>[0]['query'];

/**
 * An assessment page's answer is not here: its loader while it may come, then why. These pages are
 * never kept on the device (the attempts live on the server), so offline they say the network is
 * needed, in the offline notice's pattern, with "Try again".
 */
export function MissingAnswer({ query, failedText }: { query: Missing; failedText: string }) {
  const { t } = useTranslation('assessment');
  return (
    <NotOnDevice
      query={query}
      failedText={failedText}
      offlineText={t('offline.needsNetwork')}
      loader={<FullScreenLoader />}
    />
  );
}

/**
 * Practice plays a student's own quizzes and tests: other signed-in users (content roles previewing
 * the learner screens, staff who typed the address) are told so rather than refused by the server.
 */
export function StudentsOnly({ children }: { children: ReactNode }) {
  const { t } = useTranslation('assessment');
  const { data: me } = useMe();
  if (me && !me.abilities.writeRecords)
    return (
      <Alert color="blue" variant="light" data-testid="students-only">
        {t('home.studentsOnly')}
      </Alert>
    );
  return children;
}
