import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ChatPerson } from '@ki/contracts';
import { api } from '../../../lib/api-client';
import { notePresence } from '../presence';
import { CHAT_KEY } from './rooms';

export const colleaguesQuery = (q: string) =>
  queryOptions({
    queryKey: [...CHAT_KEY, 'colleagues', q],
    queryFn: ({ signal }) =>
      api
        .get<{ colleagues: ChatPerson[] }>('/chat/colleagues', { q: q || undefined }, signal)
        .then(({ colleagues }) => {
          notePresence(colleagues.map((c) => [c.id, c.online] as const));
          return colleagues;
        }),
  });
/** Staff of the caller's chain to chat with (up to 50), narrowed by a search on their name. */
export const useColleagues = (q: string) =>
  useQuery({ ...colleaguesQuery(q.trim()), placeholderData: keepPreviousData });
