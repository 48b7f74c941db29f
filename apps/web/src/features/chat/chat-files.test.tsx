// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CHAT_FILE_MAX_BYTES,
  CHAT_PICTURE_MAX_BYTES,
  type ChatFile,
  type ChatMessage,
  type ChatRoom,
  type MeResponse,
} from '@ki/contracts';
import type * as SocketModule from '../../lib/socket';
import enChat from '../../locales/en/chat.json';
import enCommon from '../../locales/en/common.json';
import enErrors from '../../locales/en/errors.json';
import { FakeSocket } from '../../test-support/fake-socket';
import { initTestI18n } from '../../test-support/i18n';
import { stubMantineBrowser } from '../../test-support/mantine-jsdom';
import { ChatPage } from './chat-page';
import { pendingStore } from './pending-messages';
import { showChat, stubApi, type Answer, type Call } from './test-api';

// Attachments in a room (composer.tsx, message-file.tsx), with the server played by a stubbed fetch
// and a socket that stays silent (chat-page.test.tsx plays it).
const fake = vi.hoisted(() => ({ socket: null as unknown }));
vi.mock('../../lib/socket', async (importOriginal) => ({
  ...(await importOriginal<typeof SocketModule>()),
  appSocket: () => fake.socket,
}));
vi.mock('./strings', () => ({}));

vi.setConfig({ testTimeout: 20_000 });

beforeAll(async () => {
  stubMantineBrowser();
  await initTestI18n({ chat: enChat, common: enCommon, errors: enErrors }, 'en', 'common');
});
beforeEach(() => {
  pendingStore.clear();
  fake.socket = new FakeSocket();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ME = 7;
const me = { user: { id: ME, role: 'teacher' }, abilities: { chat: true } } as unknown as MeResponse;
const ROOM: ChatRoom = {
  id: 1,
  kind: 'group',
  name: 'Science staff',
  otherUserId: null,
  otherOnline: false,
  isCreator: true,
  favorite: false,
  unread: 0,
  memberCount: 3,
  pictureId: null,
  lastActivityAt: '2026-11-26T06:00:00.000Z',
  lastMessage: null,
};
const PICTURE_ID = '1b0c7a52-3f1e-4c1a-9d7e-2f6a1c0e5b11';
const PDF_ID = '5d2e8f90-7a41-4b3c-8e6d-0c9b2a7f4e22';
const message = (
  id: number,
  senderId: number,
  text: string,
  file: ChatFile | null = null,
  clientId = `c-${id}`,
): ChatMessage => ({
  id,
  roomId: 1,
  senderId,
  senderName: senderId === ME ? 'Me Teacher' : 'Asha Rao',
  text,
  sentAt: '2026-11-26T06:10:00.000Z',
  clientId,
  file,
});

const base = (history: ChatMessage[] = [message(1, 8, 'Good morning')]) => ({
  'GET /api/v1/chat/rooms': { rooms: [ROOM], next: null },
  'GET /api/v1/chat/colleagues': { colleagues: [] },
  'GET /api/v1/chat/unread': { total: 0, rooms: 0 },
  'POST /api/v1/chat/rooms/1/read': () => ({ status: 204 }),
  'GET /api/v1/chat/rooms/1': { room: ROOM, members: [] },
  'GET /api/v1/chat/rooms/1/messages': { messages: history, next: null },
});

const show = () => showChat([{ path: '/chat', element: <ChatPage /> }], '/chat?room=1', me);

const choose = (file: File) => fireEvent.change(screen.getByTestId('attach-input'), { target: { files: [file] } });
const png = (name = 'board.png') =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], name, { type: 'image/png' });
const uploads = (calls: Call[]) => calls.filter((c) => c.method === 'POST' && c.url === '/api/v1/chat/rooms/1/files');

/** The server's answer to an upload: the message with its file, under the clientId sent. */
const stored = (call: Call, id: number): Answer => {
  const file = call.form!.get('file') as File;
  const text = (call.form!.get('text') as string | null) ?? '';
  const clientId = call.form!.get('clientId') as string;
  return {
    status: 201,
    body: message(
      id,
      ME,
      text,
      { id: PICTURE_ID, name: file.name, contentType: 'image/png', byteSize: file.size },
      clientId,
    ),
  };
};

describe('/chat attachments', () => {
  it('refuses a file over 5 MB, or of a type not accepted, on the device, and sends nothing', async () => {
    const calls = stubApi(base());
    show();
    expect(await screen.findByText('Good morning')).toBeTruthy();
    expect(screen.getByTestId('attach-input').getAttribute('accept')).toContain('application/pdf');

    choose(new File([new Uint8Array(CHAT_FILE_MAX_BYTES + 1024 * 1024)], 'scan.jpg', { type: 'image/jpeg' }));
    expect((await screen.findByTestId('file-problem')).textContent).toBe(
      '“scan.jpg” is 6 MB; a file can be at most 5 MB. Choose a smaller file.',
    );
    expect(screen.queryByTestId('attachment')).toBeNull();

    choose(new File(['plain words'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByTestId('file-problem').textContent).toBe(
      '“notes.txt” cannot be sent. Choose a picture (PNG, JPEG, WebP), a PDF, or a Word, Excel or PowerPoint file.',
    );
    expect(screen.queryByTestId('attachment')).toBeNull();
    expect((screen.getByTestId('send') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(screen.getByTestId('composer'), { key: 'Enter' });
    expect(calls.filter((c) => c.method === 'POST' && !c.url.endsWith('/read'))).toEqual([]);
    expect(screen.queryByTestId('message-pending')).toBeNull();

    // A good file afterwards clears the complaint.
    choose(png());
    expect((await screen.findByTestId('attachment-name')).textContent).toBe('board.png');
    expect(screen.queryByTestId('file-problem')).toBeNull();
    fireEvent.click(screen.getByTestId('attachment-remove'));
    expect(screen.queryByTestId('attachment')).toBeNull();
  });

  it('sends a picture and its caption as one multipart message, then shows it as a thumbnail', async () => {
    const calls = stubApi({ ...base(), 'POST /api/v1/chat/rooms/1/files': (call: Call) => stored(call, 2) });
    show();
    expect(await screen.findByText('Good morning')).toBeTruthy();
    choose(png());
    expect((await screen.findByTestId('attachment')).textContent).toContain('board.png');
    fireEvent.change(screen.getByTestId('composer'), { target: { value: '  Tomorrow’s timetable  ' } });
    fireEvent.click(screen.getByTestId('send'));

    await waitFor(() => expect(screen.queryByTestId('message-pending')).toBeNull());
    const [upload] = uploads(calls);
    expect(uploads(calls)).toHaveLength(1);
    // Multipart, never JSON: the browser writes the content-type and its boundary.
    expect(upload!.headers['content-type']).toBeUndefined();
    expect(upload!.form!.get('clientId')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(upload!.form!.get('text')).toBe('Tomorrow’s timetable');
    expect((upload!.form!.get('file') as File).name).toBe('board.png');
    expect(calls.some((c) => c.url.endsWith('/messages') && c.method === 'POST')).toBe(false);

    const sent = screen.getAllByTestId('message').at(-1)!;
    const img = within(sent).getByRole('img', { name: 'board.png' });
    expect(img.getAttribute('src')).toBe(`/api/v1/chat/files/${PICTURE_ID}`);
    expect(img.getAttribute('loading')).toBe('lazy');
    const link = within(sent).getByTestId('message-picture');
    expect(link.getAttribute('href')).toBe(`/api/v1/chat/files/${PICTURE_ID}`);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(within(sent).getByTestId('message-text').textContent).toBe('Tomorrow’s timetable');
    // The composer is empty again.
    expect(screen.queryByTestId('attachment')).toBeNull();
    expect((screen.getByTestId('composer') as HTMLTextAreaElement).value).toBe('');
  });

  it('keeps a failed upload with its file and Retry, which sends the same clientId and file again', async () => {
    let fail = true;
    const calls = stubApi({
      ...base(),
      'POST /api/v1/chat/rooms/1/files': (call: Call) => {
        if (!fail) return stored(call, 3);
        fail = false;
        return { status: 413, body: { code: 'PAYLOAD_TOO_LARGE', message: 'The file is too large' } };
      },
    });
    show();
    expect(await screen.findByText('Good morning')).toBeTruthy();
    choose(png('plan.png'));
    fireEvent.keyDown(screen.getByTestId('composer'), { key: 'Enter' });

    const pending = await screen.findByTestId('message-pending');
    expect(await within(pending).findByTestId('message-retry')).toBeTruthy();
    expect(within(pending).getByTestId('file-name').textContent).toBe('plan.png');
    // The server's code, in words about the file.
    expect(pending.textContent).toContain('Not sent: The file is too large to send: a file can be at most 5 MB.');

    fireEvent.click(within(pending).getByTestId('message-retry'));
    await waitFor(() => expect(screen.queryByTestId('message-pending')).toBeNull());
    const [first, second] = uploads(calls);
    expect(uploads(calls)).toHaveLength(2);
    expect(second!.form!.get('clientId')).toBe(first!.form!.get('clientId'));
    expect((second!.form!.get('file') as File).name).toBe('plan.png');
    expect(within(screen.getAllByTestId('message').at(-1)!).getByRole('img', { name: 'plan.png' })).toBeTruthy();
  });

  it('shows a document as a card with its name, its size and a download link', async () => {
    const pdf: ChatFile = {
      id: PDF_ID,
      name: 'Term 2 exam timetable for classes 6 to 10 (final).pdf',
      contentType: 'application/pdf',
      byteSize: 1_468_006,
    };
    stubApi(base([message(1, 8, 'Please print this', pdf)]));
    show();
    const card = await screen.findByTestId('message-file');
    expect(card.getAttribute('data-kind')).toBe('pdf');
    expect(within(card).getByTestId('file-name').textContent).toBe(pdf.name);
    expect(within(card).getByTestId('file-size').textContent).toBe('1.4 MB');
    const download = within(card).getByRole('link', { name: `Download ${pdf.name}` });
    expect(download.getAttribute('href')).toBe(`/api/v1/chat/files/${PDF_ID}`);
    expect(download.getAttribute('download')).toBe(pdf.name);
    expect(within(screen.getByTestId('message')).getByTestId('message-text').textContent).toBe('Please print this');
  });

  it('lets a group’s creator set its picture: a picture of the right kind is sent, anything else is refused on the device', async () => {
    const withPicture = { ...ROOM, pictureId: PICTURE_ID };
    const calls = stubApi({
      ...base(),
      'PUT /api/v1/chat/groups/1/picture': () => ({ status: 200, body: { room: withPicture, members: [] } }),
    });
    show();
    expect(await screen.findByText('Good morning')).toBeTruthy();
    expect(screen.queryByTestId('room-picture')).toBeNull();
    fireEvent.click(screen.getByTestId('room-info-open'));
    const picker = (await screen.findByTestId('group-picture')).querySelector('input[type="file"]')!;
    fireEvent.change(picker, { target: { files: [new File(['plain words'], 'notes.txt', { type: 'text/plain' })] } });
    expect((await screen.findByTestId('picture-problem')).textContent).toBe(
      'Choose a PNG, JPEG or WebP picture of at most 2 MB.',
    );
    fireEvent.change(picker, {
      target: { files: [new File([new Uint8Array(CHAT_PICTURE_MAX_BYTES + 1)], 'big.png', { type: 'image/png' })] },
    });
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);

    fireEvent.change(picker, { target: { files: [png('staff.png')] } });
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect((calls.find((c) => c.method === 'PUT')!.form!.get('file') as File).name).toBe('staff.png');
    expect(screen.queryByTestId('picture-problem')).toBeNull();
    // The room's header shows it, from the room's files.
    await waitFor(() => expect(screen.getAllByTestId('room-picture').length).toBeGreaterThan(0));
    expect(screen.getByTestId('picture-remove')).toBeTruthy();
  });
});
