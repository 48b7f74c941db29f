import { ActionIcon } from '@mantine/core';
import {
  IconMicrophone,
  IconMicrophoneOff,
  IconScreenShare,
  IconScreenShareOff,
  IconVideo,
  IconVideoOff,
} from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocalMediaState } from '../local-media';

/** A round call or meeting button; a toggle's label names what a press does ("Unmute microphone"), and it is filled while off. */
export function CallControl({
  label,
  pressed,
  color,
  onClick,
  children,
  testId,
}: {
  label: string;
  pressed?: boolean;
  color?: string;
  onClick: () => void;
  children: ReactNode;
  testId: string;
}) {
  return (
    <ActionIcon
      size={52}
      radius="xl"
      variant={color ? 'filled' : pressed ? 'filled' : 'default'}
      color={color ?? (pressed ? 'gray' : undefined)}
      aria-label={label}
      onClick={onClick}
      data-testid={testId}
    >
      {children}
    </ActionIcon>
  );
}

/**
 * Bytes of media received and sent, read from the peer connections every second while `active`:
 * the screens show them as data-attributes so an end-to-end test can see media flow (the e2e runs
 * the production build).
 */
export function useTraffic<T>(read: () => Promise<T>, active: boolean): T | null {
  const [traffic, setTraffic] = useState<T | null>(null);
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => {
      read().then(setTraffic, () => undefined);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [read, active]);
  return traffic;
}

/** What the toggles act on: a call's session or a meeting's. */
interface MediaSession {
  toggleMute(): void;
  toggleCamera(): void;
  shareScreen(): Promise<void>;
  stopSharing(): Promise<void>;
}

/**
 * The microphone, camera and screen toggles of a call or a meeting, each where `show` says it
 * applies (test ids `${prefix}-mute`, `-camera`, `-share`).
 */
export function MediaToggles({
  media,
  session,
  show,
  prefix,
}: {
  media: LocalMediaState;
  session: MediaSession;
  show: { mute: boolean; camera: boolean; share: boolean };
  prefix: string;
}) {
  const { t } = useTranslation('chat');
  // Each toggle: whether it is "on" (muted, camera off, sharing), its labels and icons off and on, what a press does.
  const toggles = [
    {
      key: 'mute',
      on: media.muted,
      labels: ['call.controls.mute', 'call.controls.unmute'],
      icons: [IconMicrophone, IconMicrophoneOff],
      press: () => session.toggleMute(),
    },
    {
      key: 'camera',
      on: media.cameraOff,
      labels: ['call.controls.cameraOff', 'call.controls.cameraOn'],
      icons: [IconVideo, IconVideoOff],
      press: () => session.toggleCamera(),
    },
    {
      key: 'share',
      on: media.sharing,
      labels: ['call.controls.share', 'call.controls.stopShare'],
      icons: [IconScreenShare, IconScreenShareOff],
      press: () => void (media.sharing ? session.stopSharing() : session.shareScreen()),
    },
  ] as const;
  return (
    <>
      {toggles
        .filter((toggle) => show[toggle.key])
        .map(({ key, on, labels, icons, press }) => {
          const Icon = icons[on ? 1 : 0];
          return (
            <CallControl
              key={key}
              label={t(labels[on ? 1 : 0])}
              pressed={on}
              onClick={press}
              testId={`${prefix}-${key}`}
            >
              <Icon aria-hidden="true" />
            </CallControl>
          );
        })}
    </>
  );
}
