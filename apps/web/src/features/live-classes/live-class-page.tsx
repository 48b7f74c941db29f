import { Alert, Button, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { IconCopy, IconTrash, IconUsers, IconVideo } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DEFAULT_TIME_ZONE } from '@ki/domain';
import type { LiveSession } from '@ki/contracts';
import { copyText } from '../../lib/copy-text';
import { useMe } from '../../lib/session';
import { useStaffScope, useWriterClasses } from '../../lib/staff-classes';
import { NotOnDevice } from '../../ui/offline-parts';
import { notInPlan, useLiveList } from './api/live-list';
import { useDeleteLiveClass } from './api/schedule-live-class';
import { AttendanceDialog } from './components/attendance-dialog';
import { ScheduleForm } from './components/schedule-form';
import { SessionCard } from './components/session-card';
import { SessionList } from './components/session-list';
import { notifyDone, notifyFailed, useErrorText } from './use-error-text';
import { SectionLoader } from '../../ui/section-loader';

/**
 * /live-class: live classes for staff (issue #26; access-and-app-shell.md 2.1): teachers, principals
 * and super-admins schedule a live class for a class they may put events on; below, their upcoming
 * and live classes (Join as the host, Copy link for the students, Delete, and the register:
 * "Attendance N"), those that ended in the last 7 days with their register, and the educational TV
 * programmes. A school without the liveclasses product is refused by the server, and the page says so.
 *
 * `now` is the clock (tests fix it; the app passes none).
 */
export function LiveClassPage({ now: fixedNow }: { now?: number } = {}) {
  const { t } = useTranslation('live');
  const { data: me } = useMe();
  const classes = useWriterClasses(true);
  const list = useLiveList();
  const remove = useDeleteLiveClass();
  const errorText = useErrorText();
  const [deleting, setDeleting] = useState<LiveSession | null>(null);
  const [register, setRegister] = useState<LiveSession | null>(null);
  const scheduler = useStaffScope(classes.data, me);

  const copy = (session: LiveSession) => {
    const url = `${window.location.origin}${session.joinPath ?? ''}`;
    void copyText(url).then((ok) =>
      ok ? notifyDone(t('staff.copied')) : notifyFailed(t('staff.copyFailed', { url })),
    );
  };
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notifyDone(t('delete.done'));
        setDeleting(null);
      },
      onError: (error) => notifyFailed(errorText(error)),
    });
  };
  const attendanceButton = (session: LiveSession) =>
    session.attendance === null ? null : (
      <Button
        variant="light"
        leftSection={<IconUsers size={16} aria-hidden="true" />}
        onClick={() => setRegister(session)}
        data-testid="session-attendance"
      >
        {t('staff.attendance', { n: session.attendance })}
      </Button>
    );

  return (
    <Stack gap="lg" maw={760} mx="auto" w="100%" data-testid="live-class-page">
      <div>
        <Title order={1} size="h3">
          {t('title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('staff.hint')}
        </Text>
      </div>
      {scheduler ? (
        <ScheduleForm scheduler={scheduler} now={() => fixedNow ?? Date.now()} fallbackZone={DEFAULT_TIME_ZONE} />
      ) : classes.isError ? (
        <Alert color="red" data-testid="schedule-classes-failed">
          {t('form.classesFailed')}
        </Alert>
      ) : (
        <Group justify="center" p="md">
          <Loader aria-label={t('loading')} />
        </Group>
      )}
      {list.data ? (
        <>
          <SessionList
            title={t('staff.upcoming')}
            sessions={list.data.classes}
            emptyText={t('staff.noUpcoming')}
            testId="live-list-classes"
          >
            {(session) => (
              <SessionCard key={session.id} session={session} showClass>
                {session.open && session.joinPath ? (
                  <Button
                    component={Link}
                    to={session.joinPath}
                    color="red"
                    leftSection={<IconVideo size={16} aria-hidden="true" />}
                    data-testid="session-join"
                  >
                    {t('staff.join')}
                  </Button>
                ) : null}
                {session.joinPath ? (
                  <Button
                    variant="default"
                    leftSection={<IconCopy size={16} aria-hidden="true" />}
                    onClick={() => copy(session)}
                    data-testid="session-copy"
                  >
                    {t('staff.copyLink')}
                  </Button>
                ) : null}
                {attendanceButton(session)}
                {session.canEdit ? (
                  <Button
                    variant="subtle"
                    color="red"
                    leftSection={<IconTrash size={16} aria-hidden="true" />}
                    onClick={() => setDeleting(session)}
                    data-testid="session-delete"
                  >
                    {t('staff.delete')}
                  </Button>
                ) : null}
              </SessionCard>
            )}
          </SessionList>
          <SessionList
            title={t('staff.recent')}
            sessions={list.data.recent}
            emptyText={t('staff.noRecent')}
            testId="live-list-recent"
          >
            {(session) => (
              <SessionCard key={session.id} session={session} showClass>
                {attendanceButton(session)}
              </SessionCard>
            )}
          </SessionList>
          <SessionList
            title={t('programmes.title')}
            sessions={list.data.programmes}
            emptyText={t('programmes.empty')}
            testId="live-list-programmes"
          >
            {(session) => <SessionCard key={session.id} session={session} showClass />}
          </SessionList>
        </>
      ) : notInPlan(list.error) ? (
        <Alert color="yellow" data-testid="live-not-in-plan">
          {t('staff.notInPlan')}
        </Alert>
      ) : (
        <NotOnDevice
          query={list}
          failedText={t('failed')}
          offlineText={t('offline')}
          loader={<SectionLoader label={t('loading')} />}
        />
      )}
      <AttendanceDialog session={register} onClose={() => setRegister(null)} />
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title={t('delete.title')} centered>
        <Text mb="md">{t('delete.message', { name: deleting?.name ?? '' })}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setDeleting(null)} data-testid="confirm-no">
            {t('delete.cancel')}
          </Button>
          <Button color="red" onClick={confirmDelete} loading={remove.isPending} data-testid="confirm-yes">
            {t('delete.confirm')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
