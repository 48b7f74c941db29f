import { Alert, Badge, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconDoorExit, IconVideo } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { JoinLiveClassBodySchema, LiveRoomSchema, type LiveLaunch, type LiveSession } from '@ki/contracts';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api-client';
import { fullName, useMe } from '../../lib/session';
import { BackLink } from '../../ui/back-link';
import { NotOnDevice } from '../../ui/offline-parts';
import { notInPlan } from './api/live-list';
import { useJoinLiveClass, useLiveRoom } from './api/room';
import { LiveRoom } from './components/live-room';
import { SessionCard } from './components/session-card';
import { closedReason } from './live-time';
import { CONTRACT_MESSAGES } from './schedule-model';
import { useErrorText } from './use-error-text';
import './live.css';
import { SectionLoader } from '../../ui/section-loader';

/**
 * The live class join page (issue #26; access-and-app-shell.md 2.1 /liveclass/{chain}/{school}/{room}
 * with or without /{provider}, and /pace/liveclass/{school}/{room}; 2.8, "enter name, join"): the
 * class the link names (its subject, teacher, times and status), "Your name" filled with the signed-in
 * user's, and Join. An empty name says 'Please enter your name' and sends nothing. Joining asks the
 * server how to open the class (and records a student's attendance); too early or too late, the page
 * says which. The class then opens in the page, below a bar with Leave, which returns to the live
 * classes (a student's /live-classes, staff's /live-class). `now` is the clock (tests fix it).
 */
export function JoinPage({ now: fixedNow }: { now?: number } = {}) {
  const { t } = useTranslation('live');
  const { schoolId = '', room = '' } = useParams();
  const valid = /^\d{1,10}$/.test(schoolId) && LiveRoomSchema.safeParse(room).success;
  const session = useLiveRoom(schoolId, room, valid);
  const { data: me } = useMe();
  const back = me?.abilities.learn ? paths.liveClasses : paths.liveClass;
  const [launch, setLaunch] = useState<LiveLaunch | null>(null);

  if (launch && session.data)
    return (
      <Stack gap="xs" className="ki-live-page" data-testid="join-page" data-joined="">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={700} truncate="end" data-testid="join-room-name">
            {session.data.name}
          </Text>
          <Button
            component={Link}
            to={back}
            variant="light"
            color="red"
            size="compact-md"
            leftSection={<IconDoorExit size={16} aria-hidden="true" />}
            style={{ flexShrink: 0 }}
            data-testid="join-leave"
          >
            {t('join.leave')}
          </Button>
        </Group>
        <LiveRoom launch={launch} title={t('join.frame', { name: session.data.name })} />
      </Stack>
    );

  const notFound =
    !valid || (session.error instanceof ApiError && (session.error.status === 404 || session.error.status === 400));
  return (
    <Stack gap="md" maw={560} mx="auto" w="100%" data-testid="join-page">
      <BackLink fallback={back} label={t('join.back')} />
      {notFound ? (
        <Alert color="yellow" data-testid="join-not-found">
          {t('join.notFound')}
        </Alert>
      ) : session.data ? (
        <>
          <div>
            <Badge variant="light" color="red" leftSection={<IconVideo size={12} aria-hidden="true" />}>
              {t('join.label')}
            </Badge>
          </div>
          <SessionCard session={session.data} />
          <JoinForm
            session={session.data}
            defaultName={me ? fullName(me) : ''}
            now={() => fixedNow ?? Date.now()}
            onJoined={setLaunch}
          />
        </>
      ) : notInPlan(session.error) ? (
        <Alert color="yellow" data-testid="live-not-in-plan">
          {t('notInPlan')}
        </Alert>
      ) : (
        <NotOnDevice
          query={session}
          failedText={t('failed')}
          offlineText={t('offline')}
          loader={<SectionLoader label={t('loading')} />}
        />
      )}
    </Stack>
  );
}

/** "Your name" and Join: the name is checked with the contract's schema before anything is sent. */
function JoinForm({
  session,
  defaultName,
  now,
  onJoined,
}: {
  session: LiveSession;
  defaultName: string;
  now: () => number;
  onJoined: (launch: LiveLaunch) => void;
}) {
  const { t } = useTranslation('live');
  const [name, setName] = useState(defaultName);
  const [problem, setProblem] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const join = useJoinLiveClass();
  const errorText = useErrorText();

  function submit() {
    setRefusal(null);
    const parsed = JoinLiveClassBodySchema.safeParse({ name });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const known = issue ? CONTRACT_MESSAGES[issue.message] : undefined;
      setProblem(
        known
          ? t(known.key, known.values)
          : issue?.code === 'too_big'
            ? t('validation.maxLength', { max: (issue as { maximum?: number }).maximum ?? 0 })
            : t('validation.invalid'),
      );
      return;
    }
    setProblem(null);
    join.mutate(
      { id: session.id, body: parsed.data },
      {
        onSuccess: onJoined,
        onError: (error) =>
          setRefusal(
            error instanceof ApiError && error.code === 'LIVE_CLASS_NOT_OPEN'
              ? t(`join.${closedReason(session, now())}`)
              : errorText(error),
          ),
      },
    );
  }

  return (
    <Paper withBorder p="md" radius="md">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        data-testid="join-form"
      >
        <Stack gap="sm">
          {refusal ? (
            <Alert color="yellow" role="alert" data-testid="join-refusal">
              {refusal}
            </Alert>
          ) : null}
          <TextInput
            label={t('join.name')}
            value={name}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setProblem(null);
            }}
            error={problem}
            autoComplete="name"
            required
            data-testid="join-name"
          />
          <Button
            type="submit"
            color="red"
            leftSection={<IconVideo size={16} aria-hidden="true" />}
            loading={join.isPending}
            data-testid="join-submit"
          >
            {t('join.join')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
