// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage, ChatPerson, ChatRoom, MeResponse } from '@ki/contracts';
import type * as SocketModule from '../../lib/socket';
import enChat from '../../locales/en/chat.json';
import enCommon from '../../locales/en/common.json';
import enErrors from '../../locales/en/errors.json';
import { FakeSocket } from '../../test-support/fake-socket';
import { initTestI18n } from '../../test-support/i18n';
import { stubMantineBrowser } from '../../test-support/mantine-jsdom';
import { ChatPage } from './chat-page';
import { ChatNavBadge } from './nav-badge';
import { pendingStore } from './pending-messages';
import { showChat, stubApi, type Call } from './test-api';

// The page's socket is a fake the test plays the server through.
const fake = vi.hoisted(() => ({ socket: null as unknown }));
vi.mock('../../lib/socket', async (importOriginal) => ({
  ...(await importOriginal<typeof SocketModule>()),
  appSocket: () => fake.socket,
}));
// Chat's strings come with its code in the app (strings.ts); here the test gives them.
vi.mock('./strings', () => ({}));

vi.setConfig({ testTimeout: 20_000 });

beforeAll(async () => {
  stubMantineBrowser();
  await initTestI18n({ chat: enChat, common: enCommon, errors: enErrors }, 'en', 'common');
});
beforeEach(() => {
  fake.socket = new FakeSocket();
  pendingStore.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ME = 7;
const me = { user: { id: ME, role: 'teacher' }, abilities: { chat: true } } as unknown as MeResponse;
const socket = () => fake.socket as FakeSocket;

const room = (id: number, extra: Partial<ChatRoom> = {}): ChatRoom => ({
  id,
  kind: 'group',
  name: `Room ${id}`,
  otherUserId: null,
  otherOnline: false,
  isCreator: true,
  favorite: false,
  unread: 0,
  memberCount: 3,
  pictureId: null,
  lastActivityAt: '2026-11-26T06:00:00.000Z',
  lastMessage: null,
  ...extra,
});
const person = (id: number, name: string): ChatPerson => ({
  id,
  name,
  role: 'teacher',
  schools: 'Pune',
  online: id === 8,
});
const message = (id: number, roomId: number, senderId: number, text: string, clientId = `c-${id}`): ChatMessage => ({
  id,
  roomId,
  senderId,
  senderName: senderId === ME ? 'Me Teacher' : 'Asha Rao',
  text,
  sentAt: '2026-11-26T06:10:00.000Z',
  clientId,
  file: null,
});

const base = (rooms: ChatRoom[]) => ({
  'GET /api/v1/chat/rooms': (call: Call) => ({
    status: 200,
    body: { rooms: call.url.includes('favorites=true') ? rooms.filter((r) => r.favorite) : rooms, next: null },
  }),
  'GET /api/v1/chat/colleagues': { colleagues: [person(8, 'Asha Rao'), person(9, 'Vikram Shah')] },
  'GET /api/v1/chat/unread': { total: 0, rooms: 0 },
  'POST /api/v1/chat/rooms/1/read': () => ({ status: 204 }),
  'GET /api/v1/chat/rooms/1': {
    room: rooms[0],
    members: [person(ME, 'Me Teacher'), person(8, 'Asha Rao'), person(9, 'Vikram Shah')],
  },
  'GET /api/v1/chat/rooms/1/messages': { messages: [message(1, 1, 8, 'Good morning')], next: null },
});

function Address() {
  const location = useLocation();
  return <output data-testid="address">{`${location.pathname}${location.search}`}</output>;
}

function show(path = '/chat', withBadge = false) {
  const page = (
    <>
      {withBadge ? (
        <nav>
          <ChatNavBadge />
        </nav>
      ) : null}
      <ChatPage />
      <Address />
    </>
  );
  return showChat([{ path: '/chat', element: page }], path, me);
}

describe('/chat', () => {
  it('says there are no rooms, no favorites and no meetings, when there are none (spec 4.9)', async () => {
    stubApi({ ...base([]), 'GET /api/v1/chat/meetings': { meetings: [] } });
    show();
    expect((await screen.findByTestId('empty-rooms')).textContent).toContain(
      'No rooms yet. Start a new chat or create a group.',
    );
    fireEvent.click(screen.getByTestId('tab-favorites'));
    expect((await screen.findByTestId('empty-favorites')).textContent).toContain('No favorites yet.');
    fireEvent.click(screen.getByTestId('tab-meetings'));
    expect((await screen.findByTestId('empty-meetings')).textContent).toBe('No meetings yet.');
    expect(screen.getByTestId('address').textContent).toBe('/chat?tab=meetings');
  });

  it('refuses a group without a name, then without people, in the spec’s words; then creates it', async () => {
    const calls = stubApi({
      ...base([]),
      'POST /api/v1/chat/groups': () => ({ status: 201, body: room(5, { name: 'Science staff' }) }),
      'GET /api/v1/chat/rooms/5': { room: room(5, { name: 'Science staff' }), members: [] },
      'GET /api/v1/chat/rooms/5/messages': { messages: [], next: null },
      'POST /api/v1/chat/rooms/5/read': () => ({ status: 204 }),
    });
    show();
    fireEvent.click(await screen.findByTestId('new-group'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByTestId('group-create'));
    expect(await within(dialog).findByText('Group name required!')).toBeTruthy();

    fireEvent.change(within(dialog).getByTestId('group-name'), { target: { value: 'Science staff' } });
    fireEvent.click(within(dialog).getByTestId('group-create'));
    await waitFor(() => expect(within(dialog).queryByText('Group name required!')).toBeNull());
    expect(within(dialog).getByTestId('people-error')?.textContent).toContain('You must select some people!');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    const asha = (await within(dialog).findAllByTestId('person-option')).find((o) =>
      o.textContent?.includes('Asha Rao'),
    )!;
    fireEvent.click(within(asha).getByRole('checkbox'));
    fireEvent.click(within(dialog).getByTestId('group-create'));
    expect(await screen.findByText('New group created.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST' && c.url === '/api/v1/chat/groups')?.body).toEqual({
      name: 'Science staff',
      memberIds: [8],
    });
    // The new group opens.
    expect((await screen.findByTestId('room-title')).textContent).toContain('Science staff');
    expect(screen.getByTestId('address').textContent).toBe('/chat?room=5');
  });

  it('shows a message as sending at once, keeps it with a retry when the post fails, and sends the same clientId again', async () => {
    let fail = true;
    let release: () => void = () => undefined;
    const posts: Call[] = [];
    stubApi({
      ...base([room(1)]),
      'POST /api/v1/chat/rooms/1/messages': (call: Call) => {
        posts.push(call);
        const body = call.body as { text: string; clientId: string };
        if (fail) {
          fail = false;
          // The first post waits until the test has seen "sending", then fails.
          return new Promise((resolve) => {
            release = () => resolve({ status: 500, body: { code: 'INTERNAL', message: 'boom' } });
          });
        }
        return { status: 201, body: message(2, 1, ME, body.text, body.clientId) };
      },
    });
    show('/chat?room=1');
    expect(await screen.findByText('Good morning')).toBeTruthy();
    const composer = screen.getByTestId('composer');
    fireEvent.change(composer, { target: { value: 'See you at <b>ten</b>' } });
    fireEvent.keyDown(composer, { key: 'Enter' });

    const pending = await screen.findByTestId('message-pending');
    expect(pending?.textContent).toContain('Sending…');
    // Plain text: the tags are shown, not read as HTML.
    expect(within(pending).getByTestId('message-text').textContent).toBe('See you at <b>ten</b>');
    expect(pending.querySelector('b')).toBeNull();
    expect((composer as HTMLTextAreaElement).value).toBe('');

    release();
    expect(await screen.findByTestId('message-retry')).toBeTruthy();
    expect(screen.getByTestId('message-pending')?.textContent).toContain('Not sent');
    expect(screen.getByTestId('message-pending')?.textContent).toContain('See you at <b>ten</b>');

    fireEvent.click(screen.getByTestId('message-retry'));
    await waitFor(() => expect(screen.queryByTestId('message-pending')).toBeNull());
    const sent = screen.getAllByTestId('message').at(-1)!;
    expect(sent?.textContent).toContain('See you at <b>ten</b>');
    expect(posts).toHaveLength(2);
    expect((posts[1]!.body as { clientId: string }).clientId).toBe((posts[0]!.body as { clientId: string }).clientId);
  });

  it('Shift+Enter starts a new line instead of sending', async () => {
    const calls = stubApi(base([room(1)]));
    show('/chat?room=1');
    const composer = await screen.findByTestId('composer');
    fireEvent.change(composer, { target: { value: 'line one' } });
    fireEvent.keyDown(composer, { key: 'Enter', shiftKey: true });
    expect(calls.some((c) => c.url.endsWith('/messages') && c.method === 'POST')).toBe(false);
    expect(screen.queryByTestId('message-pending')).toBeNull();
  });

  it('appends a colleague’s message to the open room as it arrives, and reads the room', async () => {
    const calls = stubApi(base([room(1)]));
    show('/chat?room=1');
    expect(await screen.findByText('Good morning')).toBeTruthy();
    const readsBefore = calls.filter((c) => c.url === '/api/v1/chat/rooms/1/read').length;
    socket().push('chat:message', message(3, 1, 8, 'Staff meeting moved to 3 pm'));
    expect(await screen.findByText('Staff meeting moved to 3 pm')).toBeTruthy();
    expect(screen.getAllByTestId('message-sender').at(-1)?.textContent).toContain('Asha Rao');
    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/api/v1/chat/rooms/1/read').length).toBe(readsBefore + 1),
    );
  });

  it('raises a room’s unread count and the navigation’s badge when a message arrives for a room not open', async () => {
    stubApi(
      base([
        room(1),
        room(2, {
          name: 'Maths',
          lastMessage: { senderName: 'Asha Rao', text: 'Hi', fileName: null, sentAt: '2026-11-26T05:00:00.000Z' },
        }),
      ]),
    );
    show('/chat', true);
    const rows = await screen.findAllByTestId('room-row');
    const maths = rows.find((r) => r.textContent?.includes('Maths'))!;
    expect(within(maths).queryByTestId('room-unread')).toBeNull();
    expect(screen.queryByTestId('chat-nav-badge')).toBeNull();

    socket().push('chat:message', message(4, 2, 8, 'Marks are due Friday'));
    // Newest activity first: the room moves to the top, with the message and one unread.
    await waitFor(() => expect(screen.getAllByTestId('room-row')[0]!.textContent).toContain('Maths'));
    const row = screen.getAllByTestId('room-row')[0]!;
    expect(within(row).getByTestId('room-preview')?.textContent).toContain('Asha Rao: Marks are due Friday');
    expect(within(row).getByTestId('room-unread')?.textContent).toContain('1');
    expect((await screen.findByTestId('chat-nav-badge')).getAttribute('data-count')).toBe('1');

    // The caller's own message from another tab raises nothing.
    socket().push('chat:message', message(5, 2, ME, 'Noted'));
    await waitFor(() =>
      expect(within(screen.getAllByTestId('room-row')[0]!).getByTestId('room-preview').textContent).toContain('Noted'),
    );
    expect(within(screen.getAllByTestId('room-row')[0]!).getByTestId('room-unread')?.textContent).toContain('1');
    expect(screen.getByTestId('chat-nav-badge')?.getAttribute('data-count')).toBe('1');
  });

  it('asks for the rooms list again when the connection opens, so a message sent while it was opening shows', async () => {
    // The page's first list loads before the tab's connection is open.
    socket().connected = false;
    let rooms = [room(1), room(2, { name: 'Maths' })];
    const calls = stubApi({
      ...base([]),
      'GET /api/v1/chat/rooms': () => ({ status: 200, body: { rooms, next: null } }),
    });
    show('/chat', true);
    await screen.findAllByTestId('room-row');
    const listsBefore = calls.filter((c) => c.url.split('?')[0] === '/api/v1/chat/rooms').length;

    // A colleague writes in Maths before the connection is open: no event reaches this tab.
    const sent = {
      senderName: 'Asha Rao',
      text: 'Marks are due Friday',
      fileName: null,
      sentAt: '2026-11-26T06:30:00.000Z',
    };
    rooms = [room(2, { name: 'Maths', unread: 1, lastMessage: sent, lastActivityAt: sent.sentAt }), room(1)];
    socket().connected = true;
    socket().push('connect');
    await waitFor(() => expect(screen.getAllByTestId('room-row')[0]!.textContent).toContain('Marks are due Friday'));
    expect(within(screen.getAllByTestId('room-row')[0]!).getByTestId('room-unread').textContent).toContain('1');
    expect(calls.filter((c) => c.url.split('?')[0] === '/api/v1/chat/rooms').length).toBeGreaterThan(listsBefore);
  });

  it('keeps a message that arrives while the rooms list is being asked for: the answer read before it does not hide it', async () => {
    const sent = {
      senderName: 'Asha Rao',
      text: 'Marks are due Friday',
      fileName: null,
      sentAt: '2026-11-26T06:30:00.000Z',
    };
    const stale = [room(1), room(2, { name: 'Maths' })];
    const fresh = [room(2, { name: 'Maths', unread: 1, lastMessage: sent, lastActivityAt: sent.sentAt }), room(1)];
    // The first list is answered at once; the next one (asked when the connection opens) waits for the
    // test, and was read on the server before the message was sent; any after it has the message.
    const answers: ((rooms: ChatRoom[]) => void)[] = [];
    let asked = 0;
    stubApi({
      ...base([]),
      'GET /api/v1/chat/rooms': () => {
        asked += 1;
        if (asked === 1) return { status: 200, body: { rooms: stale, next: null } };
        if (asked === 2)
          return new Promise((resolve) =>
            answers.push((rooms) => resolve({ status: 200, body: { rooms, next: null } })),
          );
        return { status: 200, body: { rooms: fresh, next: null } };
      },
    });
    socket().connected = false;
    show('/chat', true);
    await screen.findAllByTestId('room-row');
    socket().connected = true;
    socket().push('connect');
    await waitFor(() => expect(answers).toHaveLength(1));

    socket().push('chat:message', message(4, 2, 8, 'Marks are due Friday'));
    answers[0]!(stale);
    await waitFor(() => expect(screen.getAllByTestId('room-row')[0]!.textContent).toContain('Marks are due Friday'));
    await waitFor(() => expect(asked).toBe(3));
    expect(screen.getAllByTestId('room-row')[0]!.textContent).toContain('Marks are due Friday');
  });
});
