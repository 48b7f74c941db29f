import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCalendarPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Meeting } from '@ki/contracts';
import { paths } from '../../../config/paths';
import { useMe } from '../../../lib/session';
import { useNow } from '../../../lib/use-now';
import { useCancelMeeting, useMeetings } from '../api/meetings';
import {
  durationLabel,
  meetingMinutes,
  meetingSpan,
  meetingStage,
  namesList,
  opensAt,
  timeOrDay,
} from '../meeting-time';
import { notifyDone, useNotifyError } from '../use-error-text';
import { ListStatus } from './list-status';
import { ScheduleMeetingModal } from './schedule-meeting-modal';

/** Cancel meeting, by its organiser, after asking. */
function CancelMeeting({ meeting }: { meeting: Meeting }) {
  const { t } = useTranslation('chat');
  const [opened, { open, close }] = useDisclosure();
  const cancel = useCancelMeeting();
  const notifyError = useNotifyError();
  return (
    <>
      <Button variant="subtle" color="red" size="compact-sm" onClick={open} data-testid="meeting-cancel">
        {t('meetings.cancel')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('meetings.cancel')} size="sm">
        <Stack gap="md">
          <Text size="sm">{t('meetings.cancelConfirm', { title: meeting.title })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('meetings.keep')}
            </Button>
            <Button
              color="red"
              loading={cancel.isPending}
              data-testid="meeting-cancel-confirm"
              onClick={() =>
                cancel.mutate(meeting.id, {
                  onSuccess: () => {
                    close();
                    notifyDone(t('meetings.cancelled'));
                  },
                  onError: notifyError,
                })
              }
            >
              {t('meetings.cancel')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** Who organised the meeting, when not me, and the others invited ("Organised by Asha Rao · With Vikram Shah"). */
export function MeetingPeople({ meeting, meId }: { meeting: Meeting; meId: number }) {
  const { t, i18n } = useTranslation('chat');
  const others = meeting.people.filter((p) => p.id !== meId && p.id !== meeting.organiser.id).map((p) => p.name);
  const parts = [
    ...(meeting.isOrganiser ? [] : [t('meetings.organiser', { name: meeting.organiser.name })]),
    ...(others.length > 0 ? [t('meetings.with', { names: namesList(others, i18n.resolvedLanguage) })] : []),
  ];
  return (
    <Text size="sm" c="dimmed" data-testid="meeting-people">
      {parts.join(' · ')}
    </Text>
  );
}

function MeetingRow({ meeting, meId, now }: { meeting: Meeting; meId: number; now: number }) {
  const { t, i18n } = useTranslation('chat');
  const language = i18n.resolvedLanguage;
  const stage = meetingStage(meeting, now);
  return (
    <Stack gap={4} className="chat-meeting" data-testid="meeting-row" data-meeting={meeting.id} data-stage={stage}>
      <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="meeting-title">
        {meeting.title}
      </Text>
      <Text size="sm" data-testid="meeting-when">
        {`${meetingSpan(meeting, language)} · ${durationLabel(meetingMinutes(meeting), language)}`}
      </Text>
      <MeetingPeople meeting={meeting} meId={meId} />
      <Group gap="xs" justify="space-between" mt={4}>
        {stage === 'open' ? (
          <Button component={Link} to={paths.meeting(meeting.id)} size="compact-md" data-testid="meeting-join">
            {t('meetings.join')}
          </Button>
        ) : (
          <Text size="sm" c="dimmed" data-testid="meeting-opens">
            {t('meetings.opensAt', { time: timeOrDay(opensAt(meeting), now, language) })}
          </Text>
        )}
        {meeting.isOrganiser ? <CancelMeeting meeting={meeting} /> : null}
      </Group>
    </Stack>
  );
}

/**
 * The Meetings tab of /chat: the caller's coming and running meetings, soonest first (kept live by
 * 'refresh-meetings'), each with Join from MEETING_OPEN_BEFORE_MINUTES before its start to its end,
 * and Schedule meeting above them.
 */
export function MeetingList() {
  const { t } = useTranslation('chat');
  const meId = useMe().data?.user.id ?? 0;
  const meetings = useMeetings();
  const now = useNow();
  const [scheduling, schedule] = useDisclosure();
  const list = meetings.data ?? [];
  return (
    <Stack gap="sm" data-testid="meeting-list">
      <Button
        variant="light"
        leftSection={<IconCalendarPlus size={18} aria-hidden="true" />}
        onClick={schedule.open}
        data-testid="schedule-meeting"
      >
        {t('meetings.schedule')}
      </Button>
      <ListStatus query={meetings} isEmpty={list.length === 0} tab="meetings">
        <Stack gap="xs" component="ul" className="chat-meetings" aria-label={t('tabs.meetings')}>
          {list.map((meeting) => (
            <li key={meeting.id}>
              <MeetingRow meeting={meeting} meId={meId} now={now} />
            </li>
          ))}
        </Stack>
      </ListStatus>
      <ScheduleMeetingModal opened={scheduling} onClose={schedule.close} />
    </Stack>
  );
}
