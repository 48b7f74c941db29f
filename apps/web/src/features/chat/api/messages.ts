import type { QueryClient } from '@tanstack/react-query';
import type { ChatMessage, MessagesPage, PostMessage } from '@ki/contracts';
import { api } from '../../../lib/api-client';
import { changeCached } from './live-cache';
import { usePaged, type Paged } from './paged';
import { CHAT_KEY } from './rooms';

export const messagesKey = (roomId: number) => [...CHAT_KEY, 'messages', roomId];

/**
 * A room's history: the newest page, then older ones (50 a page), each oldest first. New messages
 * arrive over the socket (chat-events.ts); a reconnect asks again.
 */
export const useMessages = (roomId: number) =>
  usePaged(
    messagesKey(roomId),
    (before: number | undefined, signal) => api.get<MessagesPage>(`/chat/rooms/${roomId}/messages`, { before }, signal),
    Infinity,
  );

/** The loaded history in reading order, oldest first. */
export const messagesInOrder = (data: Paged<MessagesPage> | undefined): ChatMessage[] =>
  data ? data.pages.toReversed().flatMap((p) => p.messages) : [];

/**
 * Adds a message to its room's loaded history (the socket's, or the answer to the caller's post),
 * once: the post's answer and the socket's copy of the same message may come in either order.
 */
export function appendMessage(client: QueryClient, message: ChatMessage) {
  changeCached<Paged<MessagesPage>>(client, messagesKey(message.roomId), (old) => {
    if (!old) return old;
    if (old.pages.some((p) => p.messages.some((m) => m.id === message.id))) return old;
    const [newest, ...older] = old.pages;
    if (!newest) return old;
    return { pages: [{ ...newest, messages: [...newest.messages, message] }, ...older] };
  });
}

/** Posts a message; the same clientId again (a retry) never posts it twice (the server's rule). */
export const postMessage = (roomId: number, input: PostMessage) =>
  api.post<ChatMessage>(`/chat/rooms/${roomId}/messages`, input);
