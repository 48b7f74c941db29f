import { Alert, Anchor, Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { MEETING_MAX_PEOPLE, MeetingIdSchema, type Meeting } from '@ki/contracts';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api-client';
import { fullName, useMe } from '../../lib/session';
import { useChatEvents } from './api/chat-events';
import { useMeeting } from './api/meetings';
import { useNow } from '../../lib/use-now';
import { MeetingPeople } from './components/meeting-list';
import { MeetingStage } from './components/meeting-stage';
import { durationLabel, meetingMinutes, meetingSpan, meetingStage, opensAt, timeOrDay } from './meeting-time';
import { MeetingSession, type MeetingSnapshot } from './meeting-session';
import { useErrorText } from './use-error-text';
import './call.css';
import './meeting.css';
import './strings';

const MEETINGS_HREF = `${paths.chat}?tab=meetings`;

/** Why I am not in the meeting, when the page has something to say: I left, the server took me out or refused me. */
function OutNote({ snapshot, meeting, now }: { snapshot: MeetingSnapshot; meeting: Meeting; now: number }) {
  const { t, i18n } = useTranslation('chat');
  const errorText = useErrorText();
  const { phase, closedReason, error } = snapshot;
  if (phase === 'left') return <Text data-testid="meeting-note">{t('meetings.page.left')}</Text>;
  let text: string | null = null;
  if (phase === 'closed' && closedReason) text = t(`meetings.page.closed.${closedReason}`);
  else if (phase === 'refused' && error) {
    if (error.code === 'MEETING_FULL') text = t('meetings.page.full', { count: MEETING_MAX_PEOPLE });
    else if (error.code === 'MEETING_NOT_OPEN')
      text =
        meetingStage(meeting, now) === 'over'
          ? t('meetings.page.ended')
          : t('meetings.page.notOpen', { time: timeOrDay(opensAt(meeting), now, i18n.resolvedLanguage) });
    else if (error.code === 'NOT_FOUND') text = t('meetings.page.notFound');
    else text = errorText(new ApiError(0, error.code as ApiError['code'], error.message));
  }
  return text ? (
    <Alert
      color={phase === 'closed' && closedReason === 'elsewhere' ? 'blue' : 'red'}
      variant="light"
      role="alert"
      data-testid="meeting-note"
    >
      {text}
    </Alert>
  ) : null;
}

/** Join, when the meeting is open; else when it opens, or that it has ended. */
function JoinPanel({
  meeting,
  session,
  now,
  again,
}: {
  meeting: Meeting;
  session: MeetingSession;
  now: number;
  again: boolean;
}) {
  const { t, i18n } = useTranslation('chat');
  const stage = meetingStage(meeting, now);
  if (stage === 'over') return <Text data-testid="meeting-over">{t('meetings.page.ended')}</Text>;
  if (stage === 'soon')
    return (
      <Text data-testid="meeting-opens">
        {t('meetings.page.notOpen', { time: timeOrDay(opensAt(meeting), now, i18n.resolvedLanguage) })}
      </Text>
    );
  return (
    <Stack gap="xs" align="flex-start">
      <Button size="md" onClick={() => void session.start()} data-testid="meeting-join">
        {t(again ? 'meetings.page.joinAgain' : 'meetings.join')}
      </Button>
      <Text size="sm" c="dimmed">
        {t('meetings.page.joinHint')}
      </Text>
    </Stack>
  );
}

function MeetingRoom({ meeting, meetingId, gone }: { meeting: Meeting; meetingId: string; gone: boolean }) {
  const { t, i18n } = useTranslation('chat');
  const language = i18n.resolvedLanguage;
  const { data: me } = useMe();
  const [session] = useState(() => new MeetingSession(meetingId));
  const snapshot = useSyncExternalStore(session.subscribe, session.getSnapshot);
  const now = useNow();
  // Leaving the page leaves the meeting, its camera and microphone released.
  useEffect(() => () => session.leave(), [session]);
  const inMeeting =
    snapshot.phase !== 'ready' &&
    snapshot.phase !== 'left' &&
    snapshot.phase !== 'closed' &&
    snapshot.phase !== 'refused';
  return (
    <Stack gap="md" className="meeting-page" data-testid="meeting-page" data-phase={snapshot.phase}>
      <Stack gap={4}>
        <Title order={1} size="h3" style={{ overflowWrap: 'anywhere' }} data-testid="meeting-heading">
          {meeting.title}
        </Title>
        <Text size="sm">{`${meetingSpan(meeting, language)} · ${durationLabel(meetingMinutes(meeting), language)}`}</Text>
        <MeetingPeople meeting={meeting} meId={me?.user.id ?? 0} />
      </Stack>
      {inMeeting ? (
        <MeetingStage session={session} snapshot={snapshot} myName={me ? fullName(me) : ''} />
      ) : (
        <>
          <OutNote snapshot={snapshot} meeting={meeting} now={now} />
          {snapshot.phase === 'closed' && snapshot.closedReason === 'cancelled' ? null : gone ? (
            <Text data-testid="meeting-gone">{t('meetings.page.notFound')}</Text>
          ) : (
            <JoinPanel meeting={meeting} session={session} now={now} again={snapshot.phase !== 'ready'} />
          )}
        </>
      )}
    </Stack>
  );
}

/**
 * /meeting/{id} (access-and-app-shell.md 2.1): a staff meeting's title, time and people, Join from
 * MEETING_OPEN_BEFORE_MINUTES before its start to its end, then the meeting itself
 * (components/meeting-stage.tsx, carried out by meeting-session.ts).
 */
export function MeetingPage() {
  const { t } = useTranslation('chat');
  const { roomId = '' } = useParams();
  const { data: me } = useMe();
  useChatEvents(me?.user.id ?? 0);
  const valid = MeetingIdSchema.safeParse(roomId).success;
  const meeting = useMeeting(valid ? roomId : null);
  const errorText = useErrorText();
  const gone = !valid || (meeting.error instanceof ApiError && meeting.error.code === 'NOT_FOUND');
  return (
    <Stack gap="md" maw={960} mx="auto" w="100%">
      <Anchor component={Link} to={MEETINGS_HREF} size="sm" data-testid="meeting-back">
        <IconArrowLeft size={14} aria-hidden="true" style={{ verticalAlign: 'middle' }} /> {t('meetings.page.back')}
      </Anchor>
      {meeting.data && valid ? (
        <MeetingRoom key={roomId} meeting={meeting.data} meetingId={roomId} gone={gone} />
      ) : gone ? (
        <Text data-testid="meeting-gone">{t('meetings.page.notFound')}</Text>
      ) : meeting.isError ? (
        <Text c="red" role="alert">
          {errorText(meeting.error)}
        </Text>
      ) : (
        <Center py="xl">
          <Loader />
        </Center>
      )}
    </Stack>
  );
}
