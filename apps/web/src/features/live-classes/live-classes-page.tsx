import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { IconVideo } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NotOnDevice } from '../../ui/offline-parts';
import { notInPlan, useLiveList } from './api/live-list';
import { SessionCard } from './components/session-card';
import { SessionList } from './components/session-list';
import { SectionLoader } from '../../ui/section-loader';

/**
 * /live-classes: a student's live classes and educational TV (issue #26; access-and-app-shell.md 2.1,
 * 2.8): the classes of the next two weeks, live ones first, each with its subject, teacher, time in
 * the school's zone, Live or Scheduled, and Join now while it is open (from 10 minutes before its
 * start); and the programmes, by whom, with Watch where they have a link. The router lets in only
 * students whose school has the liveclasses product; the server says so too (LIVE_CLASSES_NOT_IN_PLAN).
 */
export function LiveClassesPage() {
  const { t } = useTranslation(['live', 'learn']);
  const list = useLiveList();
  return (
    <Stack gap="lg" maw={760} mx="auto" w="100%" data-testid="live-classes-page">
      <div>
        <Title order={1} size="h3">
          {t('title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('hint')}
        </Text>
      </div>
      {list.data ? (
        <>
          <SessionList
            title={t('classes.title')}
            sessions={list.data.classes}
            emptyText={t('learn:home.noLiveClass')}
            testId="live-list-classes"
          >
            {(session) => (
              <SessionCard key={session.id} session={session}>
                {session.open && session.joinPath ? (
                  <Button
                    component={Link}
                    to={session.joinPath}
                    color="red"
                    leftSection={<IconVideo size={16} aria-hidden="true" />}
                    data-testid="session-join"
                  >
                    {t('card.join')}
                  </Button>
                ) : session.status === 'scheduled' ? (
                  <Text size="xs" c="dimmed">
                    {t('card.opensBefore')}
                  </Text>
                ) : null}
              </SessionCard>
            )}
          </SessionList>
          <SessionList
            title={t('programmes.title')}
            sessions={list.data.programmes}
            emptyText={t('programmes.empty')}
            testId="live-list-programmes"
          >
            {(session) => <SessionCard key={session.id} session={session} />}
          </SessionList>
        </>
      ) : notInPlan(list.error) ? (
        <Alert color="yellow" data-testid="live-not-in-plan">
          {t('notInPlan')}
        </Alert>
      ) : (
        <NotOnDevice
          query={list}
          failedText={t('failed')}
          offlineText={t('offline')}
          loader={<SectionLoader label={t('loading')} />}
        />
      )}
    </Stack>
  );
}
