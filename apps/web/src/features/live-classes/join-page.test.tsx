// @vitest-environment jsdom
import { notifications } from '@mantine/notifications';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveLaunch } from '@ki/contracts';
import enCommon from '../../locales/en/common.json';
import enErrors from '../../locales/en/errors.json';
import enLive from '../../locales/en/live.json';
import { initTestI18n } from '../../test-support/i18n';
import { stubMantineBrowser } from '../../test-support/mantine-jsdom';
import { loadScript } from './components/live-room';
import { JoinPage } from './join-page';
import { errorOf, me, session, show, stubApi } from './test-api';

vi.mock('./strings', () => ({}));
// The app's "not on this device" part loads lazily with the whole i18n setup; here, its words only.
vi.mock('../../ui/offline-parts', () => import('../../test-support/offline-parts'));

vi.setConfig({ testTimeout: 20_000 });

beforeAll(async () => {
  stubMantineBrowser();
  await initTestI18n({ live: enLive, common: enCommon, errors: enErrors }, 'en', 'common');
});

/** Jitsi Meet's iframe API as the stand-in's script defines it: it frames the room in parentNode. */
const rooms: { domain: string; options: Record<string, unknown>; disposed: boolean }[] = [];
class FakeJitsi {
  entry: (typeof rooms)[number];
  constructor(domain: string, options: { parentNode: HTMLElement; roomName: string }) {
    this.entry = { domain, options, disposed: false };
    rooms.push(this.entry);
    const frame = document.createElement('iframe');
    frame.dataset.room = options.roomName;
    options.parentNode.appendChild(frame);
  }
  dispose() {
    this.entry.disposed = true;
  }
}
const scriptsAdded: string[] = [];

beforeEach(() => {
  rooms.length = 0;
  scriptsAdded.length = 0;
  // jsdom loads no scripts: the page's <script> "loads" by defining the API, as the real one does.
  const append = document.head.appendChild.bind(document.head);
  vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T): T => {
    if (node instanceof HTMLScriptElement) {
      scriptsAdded.push(node.getAttribute('src') ?? '');
      setTimeout(() => {
        window.JitsiMeetExternalAPI = FakeJitsi as unknown as typeof window.JitsiMeetExternalAPI;
        node.onload?.(new Event('load'));
      }, 0);
    }
    return append(node);
  });
});
afterEach(() => {
  cleanup();
  notifications.clean();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ROOM = 'abcdefgh2345';
const PATH = `/liveclass/3/1/${ROOM}/jitsi`;
const PATTERN = '/liveclass/:chainId/:schoolId/:room/:provider?';
// 12:00-12:45 in India; the clock reads 11:55 (open: from 11:50).
const CLASS = session(7, { name: 'Light and shadows', status: 'scheduled', open: true, joinPath: PATH });
const NOW = Date.parse('2026-11-26T06:25:00.000Z');
const JITSI: LiveLaunch = {
  provider: 'jitsi',
  scriptUrl: '/stand-in/jitsi/external_api.js',
  domain: '/stand-in/jitsi',
  roomName: ROOM,
  displayName: 'Aarav',
};

function open(routes: Record<string, unknown>, role: 'student' | 'teacher' = 'student', now = NOW, path = PATH) {
  const calls = stubApi({ [`GET /api/v1/live-classes/rooms/1/${ROOM}`]: CLASS, ...routes });
  const shown = show(PATTERN, path, <JoinPage now={now} />, { me: me(role), others: ['/live-classes', '/live-class'] });
  return { calls, ...shown };
}

describe('the live class join page', () => {
  it('shows the class, the signed-in name, and refuses an empty name in the spec’s words without sending', async () => {
    const { calls } = open({});
    expect((await screen.findByTestId('session-name')).textContent).toBe('Light and shadows');
    expect(screen.getByTestId('session-by').textContent).toBe('Taken by Meera Joshi');
    expect(screen.getByTestId('session-subject').textContent).toBe('Science');
    const name = screen.getByTestId('join-name') as HTMLInputElement;
    expect(name.value).toBe('Aarav Patil');
    fireEvent.change(name, { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('join-submit'));
    await waitFor(() => expect(errorOf(name)).toBe('Please enter your name'));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('opens a Jitsi Meet class in the page with the name given (the script once), and Leave returns to the student’s list', async () => {
    const { calls } = open({ 'POST /api/v1/live-classes/7/join': { ...JITSI, displayName: 'Aarav P' } });
    const name = (await screen.findByTestId('join-name')) as HTMLInputElement;
    fireEvent.change(name, { target: { value: 'Aarav P' } });
    fireEvent.click(screen.getByTestId('join-submit'));
    await waitFor(() => expect(rooms).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/v1/live-classes/7/join',
      body: { name: 'Aarav P' },
    });
    expect(scriptsAdded).toEqual(['/stand-in/jitsi/external_api.js']);
    const room = screen.getByTestId('live-room');
    const { parentNode, ...options } = rooms[0]!.options;
    expect(parentNode).toBe(room);
    expect([rooms[0]!.domain, options]).toEqual([
      '/stand-in/jitsi',
      { roomName: ROOM, width: '100%', height: '100%', userInfo: { displayName: 'Aarav P' } },
    ]);
    expect(room.querySelector('iframe')?.getAttribute('title')).toBe('Live class: Light and shadows');
    expect(screen.getByTestId('join-room-name').textContent).toBe('Light and shadows');
    fireEvent.click(screen.getByTestId('join-leave'));
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/live-classes');
    // Leaving disposes of the room.
    expect(rooms[0]?.disposed).toBe(true);
  });

  it('opens a BigBlueButton class in a frame, and Leave returns staff to their page', async () => {
    const joinUrl = '/stand-in/bbb/api/join?fullName=Meera&meetingID=x&role=MODERATOR&checksum=abc';
    open({ 'POST /api/v1/live-classes/7/join': { provider: 'bigbluebutton', joinUrl } }, 'teacher');
    expect(((await screen.findByTestId('join-name')) as HTMLInputElement).value).toBe('Meera Joshi');
    fireEvent.click(screen.getByTestId('join-submit'));
    const frame = (await screen.findByTestId('live-room')).querySelector('iframe')!;
    expect(frame.getAttribute('src')).toBe(joinUrl);
    expect(frame.getAttribute('allow')).toBe('camera; microphone; display-capture; fullscreen; autoplay');
    expect(frame.getAttribute('title')).toBe('Live class: Light and shadows');
    expect(scriptsAdded).toEqual([]);
    fireEvent.click(screen.getByTestId('join-leave'));
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/live-class');
  });

  it.each([
    ['before it opens', Date.parse('2026-11-26T06:00:00.000Z'), 'This class opens 10 minutes before it starts.'],
    ['after it ended', Date.parse('2026-11-26T07:20:00.000Z'), 'This class has ended.'],
  ])('says why the class cannot be joined %s (from its times, not the server’s words)', async (_, now, text) => {
    open(
      {
        'POST /api/v1/live-classes/7/join': {
          status: 409,
          body: { code: 'LIVE_CLASS_NOT_OPEN', message: 'Something the page does not parse' },
        },
      },
      'student',
      now,
    );
    fireEvent.click(await screen.findByTestId('join-submit'));
    expect((await screen.findByTestId('join-refusal')).textContent).toBe(text);
    expect(screen.queryByTestId('live-room')).toBeNull();
  });

  it('says the provider cannot be reached', async () => {
    open({
      'POST /api/v1/live-classes/7/join': {
        status: 503,
        body: { code: 'LIVE_PROVIDER_UNAVAILABLE', message: 'The live class server cannot be reached.' },
      },
    });
    fireEvent.click(await screen.findByTestId('join-submit'));
    expect((await screen.findByTestId('join-refusal')).textContent).toBe(
      'The live class service cannot be reached. Try again in a minute.',
    );
  });

  it('says an unknown room is not found, and asks nothing for a malformed one', async () => {
    const unknown = 'zzzzzzzzzzzz';
    open({}, 'student', NOW, `/liveclass/3/1/${unknown}`);
    expect((await screen.findByTestId('join-not-found')).textContent).toBe(
      'This live class does not exist, or it is not one of your classes.',
    );
    cleanup();
    const { calls } = open({}, 'student', NOW, '/liveclass/3/1/NOT-A-ROOM');
    expect((await screen.findByTestId('join-not-found')).textContent).toMatch(/does not exist/);
    expect(calls).toEqual([]);
  });

  it('serves the pace schools’ join route too', async () => {
    stubApi({ [`GET /api/v1/live-classes/rooms/1/${ROOM}`]: CLASS });
    show('/pace/liveclass/:schoolId/:room', `/pace/liveclass/1/${ROOM}`, <JoinPage now={NOW} />, { me: me('student') });
    expect((await screen.findByTestId('session-name')).textContent).toBe('Light and shadows');
    expect(within(screen.getByTestId('join-page')).getByTestId('join-submit')).toBeTruthy();
  });

  it('adds a provider’s script to the page once, however many rooms ask for it', async () => {
    await Promise.all([loadScript('/stand-in/jitsi/once.js'), loadScript('/stand-in/jitsi/once.js')]);
    await loadScript('/stand-in/jitsi/once.js');
    expect(scriptsAdded).toEqual(['/stand-in/jitsi/once.js']);
  });
});
