import type { QueryClient } from '@tanstack/react-query';
import type { ChatMessage, ChatRoom, ChatUnread, RoomsPage } from '@ki/contracts';
import { api } from '../../../lib/api-client';
import { changeCached } from './live-cache';
import { appendMessage } from './messages';
import type { Paged } from './paged';
import { CHAT_KEY } from './rooms';
import { unreadQuery } from './unread';

type Rooms = Paged<RoomsPage>;
const ROOMS_KEY = [...CHAT_KEY, 'rooms'];

/** Changes one room's row in every loaded rooms list (all rooms, favorites); false when no list has it. */
function changeRow(client: QueryClient, roomId: number, change: (room: ChatRoom) => ChatRoom, toTop = false): boolean {
  let found = false;
  changeCached<Rooms>(client, ROOMS_KEY, (old) => {
    if (!old) return old;
    const room = old.pages.flatMap((p) => p.rooms).find((r) => r.id === roomId);
    if (!room) return old;
    found = true;
    const changed = change(room);
    if (!toTop) {
      return { pages: old.pages.map((p) => ({ ...p, rooms: p.rooms.map((r) => (r.id === roomId ? changed : r)) })) };
    }
    // Newest activity first: the room moves to the top of the list.
    const pages = old.pages.map((p) => ({ ...p, rooms: p.rooms.filter((r) => r.id !== roomId) }));
    const [first, ...rest] = pages;
    return first ? { pages: [{ ...first, rooms: [changed, ...first.rooms] }, ...rest] } : old;
  });
  return found;
}

/**
 * A message arrived (over the socket, or as the answer to the caller's own post): it joins its room's
 * history, and the room's row shows it at the top of the list, with one more unread when `unread`.
 * The rows are changed where they are rather than the lists asked for again: in a busy group every
 * message would otherwise fetch every loaded page of the list. A room no list has yet (a new one) is
 * asked for.
 */
export function noteMessage(client: QueryClient, message: ChatMessage, unread: boolean) {
  appendMessage(client, message);
  const lastMessage = {
    senderName: message.senderName,
    text: message.text,
    fileName: message.file?.name ?? null,
    sentAt: message.sentAt,
  };
  const found = changeRow(
    client,
    message.roomId,
    (room) => ({
      ...room,
      lastMessage,
      lastActivityAt: message.sentAt,
      unread: unread ? room.unread + 1 : room.unread,
    }),
    true,
  );
  if (!found) void client.invalidateQueries({ queryKey: ROOMS_KEY });
  if (unread) {
    changeCached<ChatUnread>(client, unreadQuery().queryKey, (old) => (old ? { ...old, total: old.total + 1 } : old));
    // The number of rooms with unread messages is the server's to count.
    void client.invalidateQueries({ queryKey: unreadQuery().queryKey, refetchType: 'none' });
  }
}

/** The caller read a room (here or on another tab): its row shows no unread, and the badge is asked again. */
export function noteRead(client: QueryClient, roomId: number) {
  changeRow(client, roomId, (room) => ({ ...room, unread: 0 }));
  void client.invalidateQueries({ queryKey: unreadQuery().queryKey });
}

/**
 * The caller has seen the room: its row shows no unread at once, and the server clears its count
 * here and on the caller's other tabs (they hear chat:read). A failure is left alone: the count
 * stays, and the next visit or message reads the room again.
 */
export function readRoom(client: QueryClient, roomId: number) {
  changeRow(client, roomId, (room) => ({ ...room, unread: 0 }));
  api.post<undefined>(`/chat/rooms/${roomId}/read`).then(
    () => void client.invalidateQueries({ queryKey: unreadQuery().queryKey }),
    () => undefined,
  );
}
