import { Avatar, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPhoneOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallMedia, CallSession, CallSnapshot } from '../call-session';
import type { CallState } from '../call-state';
import { CallControl as Control, MediaToggles, useTraffic } from './call-control';
import { StreamMedia } from './call-media';

type ActiveCall = Exclude<CallState, { phase: 'idle' } | { phase: 'incoming' }>;

/** "4:05", "1:02:09". */
export function formatDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** Seconds since `since`, ticking every second. */
function useElapsed(since: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (since === null) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [since]);
  return since === null ? 0 : Math.max(0, Math.floor((now - since) / 1000));
}

/**
 * The call in progress: ringing there ("Calling Asha…"), connecting, connected (the colleague's
 * video or their initials for a voice call, my small preview, the call's time, microphone, camera,
 * screen and hang-up), and how it ended. Full screen on a phone.
 */
export function CallScreen({
  state,
  media,
  away = null,
  session,
}: {
  state: ActiveCall;
  media: CallMedia;
  away?: CallSnapshot['away'];
  session: CallSession;
}) {
  const { t } = useTranslation(['chat', 'errors']);
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const name = state.peer.name;
  const isVideo = state.kind === 'video';
  const live = state.phase === 'connecting' || state.phase === 'connected';
  const elapsed = useElapsed(state.phase === 'connected' ? state.since : null);
  const traffic = useTraffic(session.traffic, live);
  const ended = state.phase === 'ended';

  let status: string;
  if (live && away !== null) status = t(away === 'me' ? 'call.status.reconnecting' : 'call.status.away', { name });
  else if (state.phase === 'outgoing') status = t('call.status.calling', { name });
  else if (state.phase === 'connecting') status = t('call.status.connecting');
  else if (state.phase === 'connected') status = t('call.status.duration', { time: formatDuration(elapsed) });
  else if (state.reason === 'failed')
    status =
      state.code === 'NETWORK'
        ? t('errors:NETWORK')
        : t(state.code === 'CALL_NOT_FOUND' ? 'call.ended.gone' : 'call.ended.failed');
  else status = t(`call.ended.${state.reason}`, { name });

  const showRemoteVideo = isVideo && live && media.remote !== null && media.remote.getVideoTracks().length > 0;
  return (
    <Modal
      opened
      onClose={() => (ended ? session.dismiss() : undefined)}
      title={t('call.title', { name })}
      fullScreen={phone}
      size="lg"
      centered
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={ended}
      zIndex={400}
    >
      <Stack
        gap="md"
        className="call-body"
        data-full={phone ? '' : undefined}
        data-testid="call-screen"
        data-phase={state.phase}
        data-reason={ended ? state.reason : undefined}
        data-bytes-received={traffic?.received}
        data-bytes-sent={traffic?.sent}
      >
        <div className="call-stage" data-video={showRemoteVideo ? '' : undefined}>
          {showRemoteVideo ? (
            <StreamMedia
              stream={media.remote}
              kind="video"
              label={t('call.remoteVideo', { name })}
              className="call-remote"
              testId="call-remote-video"
            />
          ) : (
            <>
              <Avatar size={96} radius={96} name={name} color="initials" aria-hidden="true" />
              {live ? <StreamMedia stream={media.remote} kind="audio" testId="call-remote-audio" /> : null}
            </>
          )}
          {media.preview && !ended ? (
            <StreamMedia
              stream={media.preview}
              kind="video"
              muted
              label={media.sharing ? t('call.sharing') : t('call.preview')}
              className="call-preview"
              testId="call-preview"
            />
          ) : null}
        </div>
        <Text
          ta="center"
          fw={ended ? 600 : undefined}
          c={ended && state.reason !== 'hungUp' ? 'red' : undefined}
          role={ended ? 'alert' : 'status'}
          data-testid="call-status"
          data-away={live && away !== null ? away : undefined}
        >
          {status}
        </Text>
        {ended && state.duration !== null ? (
          <Text ta="center" size="sm" c="dimmed" data-testid="call-duration">
            {t('call.ended.duration', { time: formatDuration(state.duration) })}
          </Text>
        ) : null}
        {media.sharing ? (
          <Text ta="center" size="sm" c="dimmed">
            {t('call.sharing')}
          </Text>
        ) : null}
        {ended ? (
          <Group justify="center">
            <Button onClick={() => session.dismiss()} data-autofocus data-testid="call-close">
              {t('call.controls.close')}
            </Button>
          </Group>
        ) : (
          <Group justify="center" gap="md" className="call-controls">
            <MediaToggles
              media={media}
              session={session}
              show={{
                mute: live,
                camera: live && isVideo,
                share: state.phase === 'connected' && isVideo && session.canShareScreen,
              }}
              prefix="call"
            />
            <Control
              label={t(state.phase === 'outgoing' ? 'call.controls.cancel' : 'call.controls.hangUp')}
              color="red"
              onClick={() => session.hangUp()}
              testId="call-hang-up"
            >
              <IconPhoneOff aria-hidden="true" />
            </Control>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}
