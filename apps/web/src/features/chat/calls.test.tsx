// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CALL_OFFLINE_TEXT, type Ack, type IncomingCall, type MeResponse } from '@ki/contracts';
import type * as SocketModule from '../../lib/socket';
import enChat from '../../locales/en/chat.json';
import enCommon from '../../locales/en/common.json';
import enErrors from '../../locales/en/errors.json';
import { FakePeer, stubMedia, type FakeTrack } from '../../test-support/fake-media';
import { AckSocket } from '../../test-support/fake-socket';
import { initTestI18n } from '../../test-support/i18n';
import { stubMantineBrowser } from '../../test-support/mantine-jsdom';
import { callSession } from './call-session';
import { CallButtons } from './components/call-buttons';
import { ChatNavBadge } from './nav-badge';
import { notePresence } from './presence';

/**
 * The call's journey in the page, with the server played through a fake socket and the browser's
 * camera, microphone and RTCPeerConnection faked: ringing, the offer and answer, connected, the
 * endings and their messages, the spec's offline refusal, and a second call declined while busy.
 */
const fake = vi.hoisted(() => ({ socket: null as unknown }));
vi.mock('../../lib/socket', async (importOriginal) => ({
  ...(await importOriginal<typeof SocketModule>()),
  appSocket: () => fake.socket,
}));
vi.mock('./strings', () => ({}));
vi.setConfig({ testTimeout: 20_000 });

const ok = (value: unknown): Ack<unknown> => ({ ok: true, value });
/** The server of calls: each event acknowledged ok. */
const callSocket = () =>
  new AckSocket({
    'call:start': () => ok({ callId: 'c1', iceServers: [] }),
    'call:answer': (p) => ok(p.accept ? { iceServers: [] } : null),
    'call:signal': () => ok(null),
    'call:end': () => ok(null),
    'call:resume': () => ok({ iceServers: [] }),
  });

let getUserMedia: ReturnType<typeof stubMedia>['getUserMedia'];
let localTracks: FakeTrack[] = [];

beforeAll(async () => {
  stubMantineBrowser();
  HTMLMediaElement.prototype.play = () => Promise.resolve();
  await initTestI18n({ chat: enChat, common: enCommon, errors: enErrors }, 'en', 'common');
});
beforeEach(() => {
  fake.socket = callSocket();
  ({ getUserMedia, tracks: localTracks } = stubMedia());
  notePresence([[8, true]]);
});
afterEach(() => {
  // Whatever the test left, the tab's one call is over.
  act(() => {
    callSession.disconnected(true);
    callSession.dismiss();
  });
  cleanup();
  vi.unstubAllGlobals();
});

const socket = () => fake.socket as AckSocket;
const me = { user: { id: 7, role: 'teacher' }, abilities: { chat: true } } as unknown as MeResponse;

function show() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ total: 0, rooms: 0 }), { status: 200 })),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['me'], me);
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <CallButtons roomId={3} userId={8} name="Asha Rao" />
        <ChatNavBadge calls />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const status = () => screen.getByTestId('call-status').textContent;
const incoming = (callId: string, kind: 'audio' | 'video' = 'video'): IncomingCall => ({
  callId,
  roomId: 3,
  kind,
  from: { id: 8, name: 'Asha Rao' },
  iceServers: [],
});

describe('calls', () => {
  it('rings, offers once accepted, connects, and says when the colleague hangs up, releasing the camera', async () => {
    show();
    fireEvent.click(screen.getByTestId('call-video'));
    await waitFor(() => expect(status()).toBe('Calling Asha Rao…'));
    expect(socket().emitted('call:start')).toEqual([{ roomId: 3, kind: 'video' }]);
    expect(getUserMedia).toHaveBeenCalledWith({ audio: true, video: true });
    expect(await screen.findByRole('dialog', { name: 'Call with Asha Rao' })).toBeTruthy();

    socket().push('call:answered', { callId: 'c1', accept: true });
    await waitFor(() =>
      expect(socket().emitted('call:signal')).toEqual([{ callId: 'c1', signal: { type: 'offer', sdp: 'v=0 offer' } }]),
    );
    const peer = FakePeer.all[0]!;
    expect(peer.added.map((t) => t.kind)).toEqual(['audio', 'video']);
    socket().push('call:signal', { callId: 'c1', signal: { type: 'answer', sdp: 'v=0 answer' } });
    socket().push('call:signal', {
      callId: 'c1',
      signal: { type: 'candidate', candidate: 'candidate:1', sdpMid: '0', sdpMLineIndex: 0 },
    });
    await waitFor(() => expect(peer.candidates).toHaveLength(1));
    expect(peer.remoteDescription).toEqual({ type: 'answer', sdp: 'v=0 answer' });

    act(() => peer.reach());
    await waitFor(() => expect(status()).toMatch(/^Call time 0:0\d$/));
    expect(screen.getByTestId('call-remote-video')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('call-screen').getAttribute('data-bytes-received')).toBe('1234'), {
      timeout: 3000,
    });

    // Mute and camera off act on my own tracks.
    fireEvent.click(screen.getByRole('button', { name: 'Mute microphone' }));
    expect(localTracks.find((t) => t.kind === 'audio')!.enabled).toBe(false);
    expect(screen.getByRole('button', { name: 'Unmute microphone' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Turn camera off' }));
    expect(localTracks.find((t) => t.kind === 'video')!.enabled).toBe(false);

    socket().push('call:ended', { callId: 'c1', reason: 'hangup' });
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Asha Rao left the call.');
    expect(localTracks.every((t) => t.stopped)).toBe(true);
    expect(peer.closed).toBe(true);
    fireEvent.click(screen.getByTestId('call-close'));
    await waitFor(() => expect(screen.queryByTestId('call-screen')).toBeNull());
  });

  it('shows the server’s refusal for an offline colleague in the spec’s words', async () => {
    show();
    socket().answers['call:start'] = () => ({ ok: false, code: 'CALL_USER_OFFLINE', message: CALL_OFFLINE_TEXT });
    fireEvent.click(screen.getByTestId('call-audio'));
    expect((await screen.findByRole('alert')).textContent).toBe(CALL_OFFLINE_TEXT);
    expect(screen.getByTestId('call-screen').getAttribute('data-reason')).toBe('offline');
    expect(localTracks.every((t) => t.stopped)).toBe(true);
  });

  it('says "Server error. Unable to initiate call." when the server fails', async () => {
    show();
    socket().answers['call:start'] = () => ({ ok: false, code: 'INTERNAL', message: 'boom' });
    fireEvent.click(screen.getByTestId('call-video'));
    expect((await screen.findByRole('alert')).textContent).toBe('Server error. Unable to initiate call.');
  });

  it('says when the colleague declines or does not answer', async () => {
    show();
    fireEvent.click(screen.getByTestId('call-video'));
    await waitFor(() => expect(status()).toBe('Calling Asha Rao…'));
    socket().push('call:ended', { callId: 'c1', reason: 'declined' });
    expect((await screen.findByRole('alert')).textContent).toBe('Asha Rao declined the call.');
    fireEvent.click(screen.getByTestId('call-close'));
    fireEvent.click(screen.getByTestId('call-video'));
    await waitFor(() => expect(status()).toBe('Calling Asha Rao…'));
    socket().push('call:ended', { callId: 'c1', reason: 'missed' });
    expect((await screen.findByRole('alert')).textContent).toBe('No answer from Asha Rao.');
  });

  it('disables the buttons with a hint while the colleague is offline', () => {
    notePresence([[8, false]]);
    show();
    const button = screen.getByRole('button', { name: 'Video call with Asha Rao' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText('Asha Rao is offline. You can call when they are online.')).toBeTruthy();
    fireEvent.click(button);
    expect(socket().sent).toEqual([]);
  });

  it('says how to allow a blocked camera, without ringing anyone', async () => {
    getUserMedia.mockRejectedValueOnce(new DOMException('Permission denied', 'NotAllowedError'));
    show();
    fireEvent.click(screen.getByTestId('call-video'));
    expect((await screen.findByRole('alert')).textContent).toContain('Your camera or microphone is blocked.');
    expect(socket().emitted('call:start')).toEqual([]);
  });

  it('rings on any page; Accept answers and takes the caller’s offer; a second call meanwhile is declined', async () => {
    show();
    socket().push('call:incoming', incoming('c2'));
    const dialog = await screen.findByRole('dialog', { name: 'Incoming video call' });
    expect(dialog.textContent).toContain('Asha Rao is calling you');
    fireEvent.click(screen.getByTestId('call-accept'));
    await waitFor(() => expect(socket().emitted('call:answer')).toEqual([{ callId: 'c2', accept: true }]));
    await waitFor(() => expect(status()).toBe('Connecting…'));

    socket().push('call:signal', { callId: 'c2', signal: { type: 'offer', sdp: 'v=0 offer' } });
    await waitFor(() =>
      expect(socket().emitted('call:signal')).toEqual([
        { callId: 'c2', signal: { type: 'answer', sdp: 'v=0 answer' } },
      ]),
    );

    socket().push('call:incoming', { ...incoming('c3'), from: { id: 9, name: 'Vikram Shah' } });
    await waitFor(() => expect(socket().emitted('call:answer')).toContainEqual({ callId: 'c3', accept: false }));
    expect(screen.queryByText('Vikram Shah is calling you')).toBeNull();

    act(() => FakePeer.all[0]!.reach());
    await waitFor(() => expect(status()).toMatch(/^Call time/));
    fireEvent.click(screen.getByRole('button', { name: 'Hang up' }));
    expect(socket().emitted('call:end')).toEqual([{ callId: 'c2' }]);
    expect((await screen.findByRole('alert')).textContent).toBe('Call ended.');
  });

  it('declines, and stops ringing when another tab answers or the caller gives up', async () => {
    show();
    socket().push('call:incoming', incoming('c4', 'audio'));
    await screen.findByRole('dialog', { name: 'Incoming voice call' });
    fireEvent.click(screen.getByTestId('call-decline'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(socket().emitted('call:answer')).toEqual([{ callId: 'c4', accept: false }]);

    socket().push('call:incoming', incoming('c5'));
    await screen.findByTestId('incoming-call');
    socket().push('call:answered', { callId: 'c5', accept: true });
    await waitFor(() => expect(screen.queryByTestId('incoming-call')).toBeNull());

    socket().push('call:incoming', incoming('c6'));
    await screen.findByTestId('incoming-call');
    socket().push('call:ended', { callId: 'c6', reason: 'missed' });
    await waitFor(() => expect(screen.queryByTestId('incoming-call')).toBeNull());
    expect(getUserMedia).not.toHaveBeenCalled();
  });

  it('keeps an answered call through a dropped connection: says so, takes its place again, and the caller restarts the network path', async () => {
    show();
    fireEvent.click(screen.getByTestId('call-video'));
    await waitFor(() => expect(status()).toBe('Calling Asha Rao…'));
    socket().push('call:answered', { callId: 'c1', accept: true });
    await waitFor(() => expect(socket().emitted('call:signal')).toHaveLength(1));
    const peer = FakePeer.all[0]!;
    act(() => peer.reach());
    await waitFor(() => expect(status()).toMatch(/^Call time/));

    // My connection drops: the call stays, saying so; back, it takes its place again.
    socket().push('disconnect', 'transport close');
    await waitFor(() => expect(status()).toBe('Connection lost. Reconnecting…'));
    expect(screen.getByTestId('call-screen').getAttribute('data-phase')).toBe('connected');
    socket().push('connect');
    await waitFor(() => expect(socket().emitted('call:resume')).toEqual([{ callId: 'c1' }]));
    await waitFor(() => expect(status()).toMatch(/^Call time/));
    // The server says a side is back: I called, so I restart the path with a new offer.
    socket().push('call:resumed', { callId: 'c1' });
    await waitFor(() => expect(peer.offers).toEqual([undefined, { iceRestart: true }]));

    // Asha's connection drops, then hers is back.
    socket().push('call:away', { callId: 'c1' });
    await waitFor(() => expect(status()).toBe('Asha Rao’s connection dropped. Waiting for them…'));
    socket().push('call:resumed', { callId: 'c1' });
    await waitFor(() => expect(status()).toMatch(/^Call time/));

    // Mine drops again and the server's wait is over when it comes back: the call ended.
    socket().answers['call:resume'] = () => ({ ok: false, code: 'CALL_NOT_FOUND', message: 'This call has ended' });
    socket().push('disconnect', 'transport close');
    socket().push('connect');
    expect((await screen.findByRole('alert')).textContent).toMatch(/connection/i);
    expect(localTracks.every((t) => t.stopped)).toBe(true);
  });
});
