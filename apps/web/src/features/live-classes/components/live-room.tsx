import { Alert, Group, Loader } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveLaunch } from '@ki/contracts';

/** Jitsi Meet's iframe API, as its external_api.js defines it (the parts the page uses). */
interface JitsiMeetApi {
  dispose(): void;
}
type JitsiMeetConstructor = new (
  domain: string,
  options: {
    roomName: string;
    parentNode: HTMLElement;
    width: string;
    height: string;
    userInfo: { displayName: string };
  },
) => JitsiMeetApi;

declare global {
  interface Window {
    JitsiMeetExternalAPI?: JitsiMeetConstructor;
  }
}

/** Each script asked for once a visit: its load, shared by every room that needs it. */
const scripts = new Map<string, Promise<void>>();

/** Adds a <script> for `src` once; resolves when it has run. A failed load may be tried again. */
export function loadScript(src: string): Promise<void> {
  let loading = scripts.get(src);
  if (!loading) {
    loading = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        scripts.delete(src);
        script.remove();
        reject(new Error(`could not load ${src}`));
      };
      document.head.appendChild(script);
    });
    scripts.set(src, loading);
  }
  return loading;
}

/**
 * The class itself, in the page (issue #26): a Jitsi Meet room through its iframe API (the provider's
 * external_api.js, loaded once, framing the room in this element; disposed when the page leaves), or
 * BigBlueButton's signed join link in a frame. It fills the screen below the header (live.css).
 */
export function LiveRoom({ launch, title }: { launch: LiveLaunch; title: string }) {
  const { t } = useTranslation('live');
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'opening' | 'open' | 'failed'>(launch.provider === 'jitsi' ? 'opening' : 'open');

  useEffect(() => {
    if (launch.provider !== 'jitsi') return;
    let room: JitsiMeetApi | null = null;
    let gone = false;
    loadScript(launch.scriptUrl)
      .then(() => {
        const Api = window.JitsiMeetExternalAPI;
        if (gone || !container.current) return;
        if (!Api) throw new Error('no JitsiMeetExternalAPI');
        room = new Api(launch.domain, {
          roomName: launch.roomName,
          parentNode: container.current,
          width: '100%',
          height: '100%',
          userInfo: { displayName: launch.displayName },
        });
        // The API's frame has no name of its own: screen readers announce this one.
        container.current.querySelector('iframe')?.setAttribute('title', title);
        setState('open');
      })
      .catch(() => {
        if (!gone) setState('failed');
      });
    return () => {
      gone = true;
      room?.dispose();
    };
  }, [launch, title]);

  if (launch.provider === 'bigbluebutton')
    return (
      <div className="ki-live-room" data-testid="live-room" data-provider="bigbluebutton">
        <iframe
          src={launch.joinUrl}
          title={title}
          allow="camera; microphone; display-capture; fullscreen; autoplay"
          allowFullScreen
        />
      </div>
    );
  return (
    <>
      {state === 'failed' ? (
        <Alert color="red" role="alert" data-testid="live-room-failed">
          {t('join.openFailed')}
        </Alert>
      ) : null}
      {state === 'opening' ? (
        <Group justify="center" p="md">
          <Loader size="sm" aria-label={t('join.opening')} />
        </Group>
      ) : null}
      <div
        ref={container}
        className="ki-live-room"
        data-testid="live-room"
        data-provider="jitsi"
        hidden={state === 'failed'}
      />
    </>
  );
}
