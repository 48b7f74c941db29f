import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { CallServerEvents, ChatMessage, ChatServerEvents } from '@ki/contracts';
import { appSocket } from '../../../lib/socket';
import { callEvents, callsDisconnected, callsReconnected } from '../call-entry';
import { pendingStore } from '../pending-messages';
import { notePresence } from '../presence';
import { noteMessage, noteRead } from './live-updates';
import { MEETINGS_KEY } from './meetings';
import { CHAT_KEY } from './rooms';

interface OpenRoom {
  id: number;
  onMessage: (message: ChatMessage) => void;
}

/** The room the chat page shows, if any: its messages are read as they arrive while the tab is seen. */
let openRoom: OpenRoom | null = null;

/** The chat page says which room is open (null: none); `onMessage` runs for each message of it. */
export function setOpenRoom(room: OpenRoom | null) {
  openRoom = room;
}

/** Whether a message of this room is seen as it arrives: its room is open in a tab on screen. */
export const isSeen = (roomId: number) => openRoom?.id === roomId && document.visibilityState === 'visible';

let users = 0;
let stop: (() => void) | null = null;

/**
 * Follows chat's events on the tab's one connection for as long as a part that needs them is
 * mounted (the navigation's count is, on every page of a signed-in staff member): messages, reads
 * on other tabs, room and meeting changes and presence go into the query cache, and calls ring here
 * (call-entry.ts). Nothing is replayed after a reconnect, so every chat answer is asked for again on each connect.
 */
export function useChatEvents(meId: number) {
  const client = useQueryClient();
  useEffect(() => {
    users += 1;
    stop ??= follow(client, meId);
    return () => {
      users -= 1;
      if (users > 0) return;
      stop?.();
      stop = null;
    };
  }, [client, meId]);
}

function follow(client: QueryClient, meId: number): () => void {
  const socket = appSocket();
  const events: ChatServerEvents = {
    'chat:message': (message) => {
      pendingStore.remove(message.clientId);
      const seen = isSeen(message.roomId);
      noteMessage(client, message, message.senderId !== meId && !seen);
      if (openRoom?.id === message.roomId) openRoom.onMessage(message);
    },
    'chat:read': ({ roomId }) => noteRead(client, roomId),
    'chat:rooms': () => void client.invalidateQueries({ queryKey: CHAT_KEY }),
    'chat:presence': ({ online, offline }) =>
      notePresence([...online.map((id) => [id, true] as const), ...offline.map((id) => [id, false] as const)]),
  };
  // Events reach a tab only while it is connected, and its answers may have been read before (the
  // page's first rooms list loads while the connection is still opening, and a message sent in
  // between would never show): every connect, the first one too, asks for them again.
  // A call this tab was in before its connection dropped takes its place again.
  const onConnect = () => {
    void client.invalidateQueries({ queryKey: CHAT_KEY });
    callsReconnected();
  };
  // A meeting was scheduled or cancelled (spec 7 refresh-meetings): the list and a shown meeting are asked again.
  const onMeetings = () => void client.invalidateQueries({ queryKey: MEETINGS_KEY });
  // A live game's page closes the connection as it leaves (features/challenge): chat opens it again.
  // A ringing call ends with the connection; an answered one waits for it to come back.
  const onDisconnect = (reason: string) => {
    callsDisconnected();
    if (reason === 'io client disconnect') setTimeout(() => stop && appSocket(), 0);
  };
  socket.on('connect', onConnect);
  socket.on('disconnect', onDisconnect);
  socket.on('refresh-meetings', onMeetings);
  for (const [event, listener] of Object.entries(events)) socket.on(event as keyof ChatServerEvents, listener);
  for (const [event, listener] of Object.entries(callEvents)) socket.on(event as keyof CallServerEvents, listener);
  return () => {
    socket.off('connect', onConnect);
    socket.off('disconnect', onDisconnect);
    socket.off('refresh-meetings', onMeetings);
    for (const [event, listener] of Object.entries(events)) socket.off(event as keyof ChatServerEvents, listener);
    for (const [event, listener] of Object.entries(callEvents)) socket.off(event as keyof CallServerEvents, listener);
    // Signed out: the connection of the old session is closed (a live game's page closes its own),
    // and a call in progress ends with it, its camera and microphone released (spec 4.8: leaving resets it).
    callsDisconnected(true);
    socket.disconnect();
  };
}
