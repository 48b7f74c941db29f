// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Ack, ChatPerson, Meeting, MeResponse } from '@ki/contracts';
import type * as SocketModule from '../../lib/socket';
import enChat from '../../locales/en/chat.json';
import enCommon from '../../locales/en/common.json';
import enErrors from '../../locales/en/errors.json';
import { FakePeer, stubMedia, type FakeTrack } from '../../test-support/fake-media';
import { AckSocket } from '../../test-support/fake-socket';
import { initTestI18n } from '../../test-support/i18n';
import { stubMantineBrowser } from '../../test-support/mantine-jsdom';
import { ChatPage } from './chat-page';
import { MeetingPage } from './meeting-page';
import { showChat, stubApi, type Call } from './test-api';

/**
 * Meetings in the page, with the server played through stubbed HTTP answers and a fake socket:
 * the Meetings tab (scheduling with the spec's refusals, Join only while open, cancelling, the list
 * changing live on refresh-meetings) and the meeting's page (joining without a camera, a tile per
 * person, the connection dropping and coming back, the organiser cancelling).
 */
const fake = vi.hoisted(() => ({ socket: null as unknown }));
vi.mock('../../lib/socket', async (importOriginal) => ({
  ...(await importOriginal<typeof SocketModule>()),
  appSocket: () => fake.socket,
}));
vi.mock('./strings', () => ({}));
vi.setConfig({ testTimeout: 20_000 });

const ok = (value: unknown): Ack<unknown> => ({ ok: true, value });
/** The server of meetings: Asha is in already; each join is a new peer. */
function meetingSocket() {
  const socket: AckSocket = new AckSocket({
    'meeting:join': () =>
      ok({
        peerId: `me-${socket.emitted('meeting:join').length}`,
        peers: [{ peerId: 'p-asha', userId: 8, name: 'Asha Rao' }],
        iceServers: [],
      }),
    'meeting:signal': () => ok(null),
    'meeting:leave': () => ok(null),
  });
  return socket;
}

beforeAll(async () => {
  stubMantineBrowser();
  HTMLMediaElement.prototype.play = () => Promise.resolve();
  await initTestI18n({ chat: enChat, common: enCommon, errors: enErrors }, 'en', 'common');
});
let localTracks: FakeTrack[];
let getUserMedia: ReturnType<typeof stubMedia>['getUserMedia'];
beforeEach(() => {
  fake.socket = meetingSocket();
  ({ getUserMedia, tracks: localTracks } = stubMedia());
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ME = 7;
const MINUTE = 60_000;
const me = {
  user: { id: ME, role: 'teacher', firstName: 'Meera', lastName: 'Iyer' },
  abilities: { chat: true },
} as unknown as MeResponse;
const socket = () => fake.socket as AckSocket;
const person = (id: number, name: string): ChatPerson => ({ id, name, role: 'teacher', schools: 'Pune', online: true });
const ID = '6f1c1f50-3c1e-4d55-9a53-2f3f7d4c2a10';
const LATER = '0b8e9f1a-5c2d-4e3f-8a9b-1c2d3e4f5a6b';

/** A meeting starting `inMinutes` from now, of 30 minutes, with Asha and me. */
function meeting(id: string, title: string, inMinutes: number, isOrganiser = false): Meeting {
  const start = Date.now() + inMinutes * MINUTE;
  const organiser = isOrganiser ? { id: ME, name: 'Meera Iyer' } : { id: 8, name: 'Asha Rao' };
  return {
    id,
    title,
    startsAt: new Date(start).toISOString(),
    endsAt: new Date(start + 30 * MINUTE).toISOString(),
    organiser,
    isOrganiser,
    people: [
      organiser,
      ...[
        { id: ME, name: 'Meera Iyer' },
        { id: 8, name: 'Asha Rao' },
      ].filter((p) => p.id !== organiser.id),
    ],
  };
}

const gets = (calls: Call[], path: string) => calls.filter((c) => c.method === 'GET' && c.url.split('?')[0] === path);

const show = (path: string) =>
  showChat(
    [
      { path: '/chat', element: <ChatPage /> },
      { path: '/meeting/:roomId', element: <MeetingPage /> },
    ],
    path,
    me,
  );

const COLLEAGUES = [
  person(8, 'Asha Rao'),
  person(9, 'Vikram Shah'),
  person(10, 'Ravi Kumar'),
  person(11, 'Lata Joshi'),
];
const chatRoutes = {
  'GET /api/v1/chat/rooms': { rooms: [], next: null },
  'GET /api/v1/chat/colleagues': { colleagues: COLLEAGUES },
  'GET /api/v1/chat/unread': { total: 0, rooms: 0 },
};

describe('the Meetings tab', () => {
  it('refuses a meeting without a title and without people in the spec’s words; then schedules it', async () => {
    let list: Meeting[] = [];
    const calls = stubApi({
      ...chatRoutes,
      'GET /api/v1/chat/meetings': () => ({ status: 200, body: { meetings: list } }),
      'POST /api/v1/chat/meetings': () => {
        list = [meeting(ID, 'Science staff', 5, true)];
        return { status: 201, body: list[0] };
      },
    });
    show('/chat?tab=meetings');
    expect((await screen.findByTestId('empty-meetings')).textContent).toBe('No meetings yet.');
    fireEvent.click(screen.getByTestId('schedule-meeting'));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule meeting' });
    fireEvent.click(within(dialog).getByTestId('meeting-schedule'));
    expect(await within(dialog).findByText('Meeting title required!')).toBeTruthy();
    expect(within(dialog).getByTestId('people-error').textContent).toBe('You must select some people!');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    fireEvent.change(within(dialog).getByTestId('meeting-title'), { target: { value: 'Science staff' } });
    fireEvent.click(within(dialog).getByTestId('meeting-schedule'));
    expect(await within(dialog).findByText('You must select some people!')).toBeTruthy();
    expect(within(dialog).queryByText('Meeting title required!')).toBeNull();

    // Three colleagues at most: the fourth cannot be ticked.
    const boxes = await within(dialog).findAllByRole('checkbox');
    for (const box of boxes.slice(0, 3)) fireEvent.click(box);
    expect(boxes.map((b) => (b as HTMLInputElement).disabled)).toEqual([false, false, false, true]);
    fireEvent.click(boxes[1]!);
    fireEvent.click(boxes[2]!);
    fireEvent.change(within(dialog).getByTestId('meeting-duration'), { target: { value: '45' } });
    fireEvent.click(within(dialog).getByTestId('meeting-schedule'));

    expect(await screen.findByText('Meeting scheduled.')).toBeTruthy();
    const [post] = calls.filter((c) => c.method === 'POST');
    const body = post!.body as { title: string; startsAt: string; durationMinutes: number; userIds: number[] };
    expect(body).toMatchObject({ title: 'Science staff', durationMinutes: 45, userIds: [8] });
    // The next five minutes, by default: open to join at once.
    const startsIn = Date.parse(body.startsAt) - Date.now();
    expect(startsIn).toBeGreaterThan(-MINUTE);
    expect(startsIn).toBeLessThanOrEqual(5 * MINUTE);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await screen.findByTestId('meeting-title')).textContent).toBe('Science staff');
  });

  it('shows Join only while a meeting is open; its organiser cancels it after confirming', async () => {
    let list = [meeting(ID, 'Staff meeting', 5), meeting(LATER, 'Exam planning', 180, true)];
    const calls = stubApi({
      ...chatRoutes,
      'GET /api/v1/chat/meetings': () => ({ status: 200, body: { meetings: list } }),
      [`DELETE /api/v1/chat/meetings/${LATER}`]: () => {
        list = list.filter((m) => m.id !== LATER);
        return { status: 204 };
      },
    });
    show('/chat?tab=meetings');
    const rows = await screen.findAllByTestId('meeting-row');
    expect(rows.map((r) => r.getAttribute('data-stage'))).toEqual(['open', 'soon']);
    const [open, later] = rows as [HTMLElement, HTMLElement];
    expect(within(open).getByTestId('meeting-join').getAttribute('href')).toBe(`/meeting/${ID}`);
    expect(within(open).getByTestId('meeting-people').textContent).toBe('Organised by Asha Rao');
    expect(within(later).getByTestId('meeting-people').textContent).toBe('With Asha Rao');
    expect(within(open).getByTestId('meeting-when').textContent).toMatch(/· 30 mins?$/);
    expect(within(open).queryByTestId('meeting-cancel')).toBeNull();
    expect(within(later).queryByTestId('meeting-join')).toBeNull();
    expect(within(later).getByTestId('meeting-opens').textContent).toMatch(/^Opens at /);

    fireEvent.click(within(later).getByTestId('meeting-cancel'));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel meeting' });
    expect(confirm.textContent).toContain('Cancel “Exam planning”? Everyone invited will no longer see it.');
    fireEvent.click(within(confirm).getByTestId('meeting-cancel-confirm'));
    expect(await screen.findByText('Meeting cancelled.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([`/api/v1/chat/meetings/${LATER}`]);
    await waitFor(() => expect(screen.getAllByTestId('meeting-row')).toHaveLength(1));
  });

  it('asks for the list again when the server says the meetings changed (refresh-meetings)', async () => {
    let list: Meeting[] = [];
    const calls = stubApi({
      ...chatRoutes,
      'GET /api/v1/chat/meetings': () => ({ status: 200, body: { meetings: list } }),
    });
    show('/chat?tab=meetings');
    await screen.findByTestId('empty-meetings');
    await waitFor(() => expect(gets(calls, '/api/v1/chat/meetings').length).toBeGreaterThan(0));
    const before = gets(calls, '/api/v1/chat/meetings').length;
    list = [meeting(ID, 'Staff meeting', 5)];
    socket().push('refresh-meetings', { timestamp: new Date().toISOString() });
    expect((await screen.findByTestId('meeting-title')).textContent).toBe('Staff meeting');
    expect(gets(calls, '/api/v1/chat/meetings')).toHaveLength(before + 1);
  });
});

describe('/meeting/{id}', () => {
  it('joins without a camera when it is refused, with a tile per person; rejoins after a drop; says when it is cancelled', async () => {
    stubApi({ ...chatRoutes, [`GET /api/v1/chat/meetings/${ID}`]: meeting(ID, 'Staff meeting', 5) });
    getUserMedia.mockRejectedValueOnce(new DOMException('Permission denied', 'NotAllowedError'));
    show(`/meeting/${ID}`);
    expect((await screen.findByTestId('meeting-heading')).textContent).toBe('Staff meeting');
    fireEvent.click(screen.getByTestId('meeting-join'));

    expect((await screen.findByTestId('meeting-media-note')).textContent).toBe(
      'Your camera could not be used, so you joined with your microphone only. To allow them, use the lock or camera icon in the browser’s address bar, then join again.',
    );
    expect(socket().emitted('meeting:join')).toEqual([{ meetingId: ID }]);
    const tile = await screen.findByTestId('meeting-tile');
    expect(tile.textContent).toContain('Asha Rao');
    expect(screen.getByTestId('meeting-tile-self').textContent).toContain('Meera Iyer (you)');
    // The newcomer offers to Asha; the microphone can be muted, and there is no camera to turn off.
    await waitFor(() =>
      expect(socket().emitted('meeting:signal')).toEqual([
        { meetingId: ID, to: 'p-asha', signal: { type: 'offer', sdp: 'v=0 offer' } },
      ]),
    );
    expect(screen.getByRole('button', { name: 'Mute microphone' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Turn camera off' })).toBeNull();
    await waitFor(() => expect(screen.getByTestId('meeting-tile').getAttribute('data-bytes-received')).toBe('1234'), {
      timeout: 3000,
    });

    // The connection drops: a note while it is away, and the page joins again by itself.
    socket().connected = false;
    socket().push('disconnect', 'transport close');
    expect((await screen.findByTestId('meeting-reconnecting')).textContent).toBe('Connection lost. Reconnecting…');
    expect(screen.queryByTestId('meeting-tile')).toBeNull();
    socket().connected = true;
    socket().push('connect');
    await waitFor(() => expect(socket().emitted('meeting:join')).toHaveLength(2));
    expect(await screen.findByTestId('meeting-tile')).toBeTruthy();
    expect(screen.queryByTestId('meeting-reconnecting')).toBeNull();
    expect(FakePeer.all).toHaveLength(2);
    expect(getUserMedia).toHaveBeenCalledTimes(2);

    socket().push('meeting:closed', { meetingId: ID, reason: 'cancelled' });
    expect((await screen.findByTestId('meeting-note')).textContent).toBe('The organiser cancelled this meeting.');
    expect(localTracks.every((t) => t.stopped)).toBe(true);
    expect(screen.queryByTestId('meeting-join')).toBeNull();
  });

  it('says when a meeting opens and offers no Join before; Leave leaves', async () => {
    stubApi({
      ...chatRoutes,
      [`GET /api/v1/chat/meetings/${ID}`]: meeting(ID, 'Staff meeting', 5),
      [`GET /api/v1/chat/meetings/${LATER}`]: meeting(LATER, 'Exam planning', 60),
    });
    show(`/meeting/${LATER}`);
    expect((await screen.findByTestId('meeting-opens')).textContent).toMatch(/^You can join from .+\.$/);
    expect(screen.queryByTestId('meeting-join')).toBeNull();
    cleanup();

    show(`/meeting/${ID}`);
    fireEvent.click(await screen.findByTestId('meeting-join'));
    fireEvent.click(await screen.findByRole('button', { name: 'Leave meeting' }));
    expect((await screen.findByTestId('meeting-note')).textContent).toBe('You left the meeting.');
    expect(socket().emitted('meeting:leave')).toEqual([{ meetingId: ID }]);
    expect(screen.getByTestId('meeting-join').textContent).toBe('Join again');
  });

  it('says a meeting was not found (cancelled, or not the reader’s)', async () => {
    stubApi(chatRoutes);
    show(`/meeting/${ID}`);
    expect((await screen.findByTestId('meeting-gone')).textContent).toBe(
      'This meeting was not found. It may have been cancelled.',
    );
  });
});
