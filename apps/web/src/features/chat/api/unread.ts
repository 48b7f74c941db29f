import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChatUnread } from '@ki/contracts';
import { api } from '../../../lib/api-client';
import { CHAT_KEY } from './rooms';

export const unreadQuery = () =>
  queryOptions({
    queryKey: [...CHAT_KEY, 'unread'],
    queryFn: ({ signal }) => api.get<ChatUnread>('/chat/unread', undefined, signal),
    // Kept live by the socket's events (chat-events.ts), not by asking again.
    staleTime: Infinity,
  });
/** The caller's unread messages over all rooms: the navigation's count. */
export const useUnread = () => useQuery(unreadQuery());
