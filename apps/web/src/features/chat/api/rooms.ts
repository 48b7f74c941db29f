import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChatRoom, CreateGroup, RoomDetail, RoomsPage } from '@ki/contracts';
import { api } from '../../../lib/api-client';
import { storeAnswer, updateAnswer } from '../../../lib/store-answer';
import { notePresence } from '../presence';
import { usePaged } from './paged';

/** Every chat answer sits under this key: a reconnect asks for all of them again (chat-events.ts). */
export const CHAT_KEY = ['chat'] as const;

/** The caller's rooms (or only their favorites), newest activity first, 30 a page (spec 9). */
export const useRooms = (favorites: boolean) =>
  usePaged([...CHAT_KEY, 'rooms', favorites ? 'favorites' : 'all'], (before: string | undefined, signal) =>
    api.get<RoomsPage>('/chat/rooms', { favorites: favorites ? 'true' : undefined, before }, signal).then((page) => {
      notePresence(
        page.rooms.flatMap((r) => (r.otherUserId === null ? [] : [[r.otherUserId, r.otherOnline] as const])),
      );
      return page;
    }),
  );

export const roomQuery = (roomId: number) =>
  queryOptions({
    queryKey: [...CHAT_KEY, 'room', roomId],
    queryFn: ({ signal }) =>
      api.get<RoomDetail>(`/chat/rooms/${roomId}`, undefined, signal).then((detail) => {
        notePresence(detail.members.map((m) => [m.id, m.online] as const));
        return detail;
      }),
  });
/** One room of the caller's with its people (who is online). */
export const useRoom = (roomId: number) => useQuery(roomQuery(roomId));

/** The rooms lists and a room's detail are asked for again (a room was made, renamed, left). */
function useRoomsChanged() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: [...CHAT_KEY, 'rooms'] });
}

/** The one-to-one room with a colleague: made on first use, found after. */
export function useDirectRoom() {
  const changed = useRoomsChanged();
  return useMutation({
    mutationFn: (userId: number) => api.post<ChatRoom>('/chat/rooms/direct', { userId }),
    onSuccess: changed,
  });
}

export function useCreateGroup() {
  const changed = useRoomsChanged();
  return useMutation({
    mutationFn: (input: CreateGroup) => api.post<ChatRoom>('/chat/groups', input),
    onSuccess: changed,
  });
}

/** A change to a group its creator makes: the server answers with the room's new detail. */
function useGroupChange<T>(roomId: number, send: (input: T) => Promise<RoomDetail>) {
  const client = useQueryClient();
  const changed = useRoomsChanged();
  return useMutation({
    mutationFn: send,
    onSuccess: (detail) => {
      storeAnswer(client, roomQuery(roomId).queryKey, detail);
      changed();
    },
  });
}

export const useRenameGroup = (roomId: number) =>
  useGroupChange(roomId, (name: string) => api.put<RoomDetail>(`/chat/groups/${roomId}/name`, { name }));

/** A group's picture set (multipart, field "file") or taken away (null), by its creator. */
export const useGroupPicture = (roomId: number) =>
  useGroupChange(roomId, (file: File | null) => {
    if (!file) return api.delete<RoomDetail>(`/chat/groups/${roomId}/picture`);
    const form = new FormData();
    form.append('file', file, file.name);
    return api.put<RoomDetail>(`/chat/groups/${roomId}/picture`, form);
  });

export const useAddMembers = (roomId: number) =>
  useGroupChange(roomId, (userIds: number[]) => api.post<RoomDetail>(`/chat/groups/${roomId}/members`, { userIds }));

/** Takes someone out of a group (its creator), or the caller out of it (leaving). */
export function useRemoveMember(roomId: number) {
  const client = useQueryClient();
  const changed = useRoomsChanged();
  return useMutation({
    mutationFn: (userId: number) => api.delete<undefined>(`/chat/groups/${roomId}/members/${userId}`),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: roomQuery(roomId).queryKey });
      changed();
    },
  });
}

export function useFavorite(roomId: number) {
  const client = useQueryClient();
  const changed = useRoomsChanged();
  return useMutation({
    mutationFn: (favorite: boolean) => api.put<{ favorite: boolean }>(`/chat/rooms/${roomId}/favorite`, { favorite }),
    onSuccess: ({ favorite }) => {
      updateAnswer<RoomDetail>(client, roomQuery(roomId).queryKey, (old) => ({
        ...old,
        room: { ...old.room, favorite },
      }));
      changed();
    },
  });
}
