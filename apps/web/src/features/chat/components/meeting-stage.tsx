import { Alert, Avatar, Group, Loader, Stack, Text } from '@mantine/core';
import { IconPhoneOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MeetingSession, MeetingSnapshot, MeetingTile } from '../meeting-session';
import { CallControl, MediaToggles, useTraffic } from './call-control';
import { StreamMedia } from './call-media';

/** Whether a stream has video that is arriving (a remote track is muted until its first frames, and while they stop). */
function useLiveVideo(stream: MediaStream | null): boolean {
  const track = stream?.getVideoTracks()[0] ?? null;
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!track) return;
    const changed = () => setTick((n) => n + 1);
    track.addEventListener('mute', changed);
    track.addEventListener('unmute', changed);
    return () => {
      track.removeEventListener('mute', changed);
      track.removeEventListener('unmute', changed);
    };
  }, [track]);
  return !!track && !track.muted;
}

/** Someone else: their video (or initials while there is none), their name, and the bytes their connection has brought. */
function PeerTile({ peer, received }: { peer: MeetingTile; received: number | undefined }) {
  const { t } = useTranslation('chat');
  const video = useLiveVideo(peer.stream);
  const name = peer.name || '…';
  return (
    <div
      className="meeting-tile"
      data-testid="meeting-tile"
      data-peer={peer.peerId}
      data-state={peer.state}
      data-bytes-received={received}
    >
      {/* One element plays their sound and, once it arrives, their picture. */}
      <StreamMedia
        stream={peer.stream}
        kind="video"
        label={t('call.remoteVideo', { name })}
        className="meeting-video"
        testId={video ? 'meeting-remote-video' : undefined}
      />
      {video ? null : (
        <Avatar className="meeting-initials" size={72} radius={72} name={name} color="initials" aria-hidden="true" />
      )}
      <span className="meeting-name">
        {name}
        {peer.state === 'connected' ? null : ` · ${t('call.status.connecting')}`}
      </span>
    </div>
  );
}

/** My own tile: the camera's (or shared screen's) muted preview, or my initials. */
function SelfTile({ snapshot, name }: { snapshot: MeetingSnapshot; name: string }) {
  const { t } = useTranslation('chat');
  const { preview, sharing, cameraOff } = snapshot.local;
  const shown = preview && (sharing || !cameraOff);
  return (
    <div className="meeting-tile" data-self="" data-testid="meeting-tile-self">
      {shown ? (
        <StreamMedia
          stream={preview}
          kind="video"
          muted
          label={t(sharing ? 'call.sharing' : 'call.preview')}
          className="meeting-video"
          testId="meeting-preview"
        />
      ) : (
        <Avatar className="meeting-initials" size={72} radius={72} name={name} color="initials" aria-hidden="true" />
      )}
      <span className="meeting-name">{t('info.you', { name })}</span>
    </div>
  );
}

/** What of my camera and microphone the others get, when not both, and why. */
function MediaNote({ snapshot }: { snapshot: MeetingSnapshot }) {
  const { t } = useTranslation('chat');
  const { audio, video, problem } = snapshot.sending;
  if (audio && video) return null;
  return (
    <Alert color="yellow" variant="light" data-testid="meeting-media-note">
      {t(audio ? 'meetings.page.audioOnly' : 'meetings.page.noMedia')}
      {problem === 'blocked' ? ` ${t('meetings.page.blockedHint')}` : ''}
    </Alert>
  );
}

/**
 * The meeting once I am in it: a note while the connection is back on its way, the tiles (one
 * column on a phone, two from about 576 px) and the controls: microphone, camera, screen, leave.
 */
export function MeetingStage({
  session,
  snapshot,
  myName,
}: {
  session: MeetingSession;
  snapshot: MeetingSnapshot;
  myName: string;
}) {
  const { t } = useTranslation('chat');
  const { phase, local, sending } = snapshot;
  const traffic = useTraffic(session.traffic, phase === 'joined');
  if (phase === 'starting' || phase === 'joining')
    return (
      <Group gap="xs" data-testid="meeting-status" role="status">
        <Loader size="sm" />
        <Text>{t('meetings.page.joining')}</Text>
      </Group>
    );
  return (
    <Stack gap="md">
      {phase === 'reconnecting' ? (
        <Alert color="blue" variant="light" role="status" data-testid="meeting-reconnecting">
          <Group gap="xs">
            <Loader size="xs" />
            {t('meetings.page.reconnecting')}
          </Group>
        </Alert>
      ) : null}
      <MediaNote snapshot={snapshot} />
      <div className="meeting-grid" data-testid="meeting-grid">
        <SelfTile snapshot={snapshot} name={myName} />
        {snapshot.peers.map((peer) => (
          <PeerTile key={peer.peerId} peer={peer} received={traffic?.[peer.peerId]?.received} />
        ))}
      </div>
      {phase === 'joined' && snapshot.peers.length === 0 ? (
        <Text c="dimmed" ta="center" data-testid="meeting-alone">
          {t('meetings.page.alone')}
        </Text>
      ) : null}
      <Group justify="center" gap="md" className="call-controls">
        <MediaToggles
          media={local}
          session={session}
          show={{ mute: sending.audio, camera: sending.video, share: phase === 'joined' && session.canShareScreen }}
          prefix="meeting"
        />
        <CallControl
          label={t('meetings.page.leave')}
          color="red"
          onClick={() => session.leave()}
          testId="meeting-leave"
        >
          <IconPhoneOff aria-hidden="true" />
        </CallControl>
      </Group>
    </Stack>
  );
}
