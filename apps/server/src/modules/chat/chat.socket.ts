/**
 * Staff chat on the app's one Socket.IO connection (issue #25). A staff connection joins its user's
 * room (every tab and device of theirs) and its chain's presence room. Nothing is received from the
 * client here: posting, reading and changing rooms are HTTP calls the policy decides
 * (chat.service.ts); this side only delivers what happened to the people the service names.
 * Presence changes are gathered and sent to each chain every CHAT_PRESENCE_BATCH_MS.
 */
import { CHAT_PRESENCE_BATCH_MS, type ChatServerEvents } from '@ki/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Server, Socket } from 'socket.io';
import type { AppDeps } from '../../app-deps';
import type { RealtimeServer, SocketData } from '../../plugins/realtime';
import { loadStaffChainIds } from '../../policy/facts';
import { isChatStaff } from '../../policy/policy';
import type { ChatDelivery } from './chat.service';

type ChatIo = Server<Record<string, never>, ChatServerEvents, Record<string, never>, SocketData>;
type ChatSocket = Socket<
  Record<string, never>,
  ChatServerEvents,
  Record<string, never>,
  SocketData & { chatChains?: number[] }
>;

const userRoom = (userId: number) => `user:${userId}`;
const chainRoom = (chainId: number) => `chat-chain:${chainId}`;

export interface ChatRealtime extends ChatDelivery {
  /** Stops the presence timer (the app closing). */
  close(): void;
}

export function registerChatSocket(server: RealtimeServer, deps: AppDeps, log: FastifyBaseLogger): ChatRealtime {
  const io = server as unknown as ChatIo;
  /** Presence changes not sent yet, per chain: user id -> online. */
  const pending = new Map<number, Map<number, boolean>>();
  const note = (chains: readonly number[], userId: number, online: boolean) => {
    for (const chain of chains) {
      const changes = pending.get(chain) ?? new Map<number, boolean>();
      changes.set(userId, online);
      pending.set(chain, changes);
    }
  };
  const timer = setInterval(() => {
    for (const [chain, changes] of pending) {
      const online: number[] = [];
      const offline: number[] = [];
      for (const [userId, isOnline] of changes) (isOnline ? online : offline).push(userId);
      io.to(chainRoom(chain)).emit('chat:presence', { online, offline });
    }
    pending.clear();
  }, CHAT_PRESENCE_BATCH_MS);
  timer.unref();

  (io as unknown as { on(e: 'connection', fn: (s: ChatSocket) => void): void }).on('connection', (socket) => {
    const principal = socket.data.principal;
    if (!isChatStaff(principal)) return;
    void socket.join(userRoom(principal.userId));
    loadStaffChainIds(deps.database.db, principal).then(
      async (chains) => {
        if (socket.disconnected) return;
        socket.data.chatChains = chains;
        await socket.join(chains.map(chainRoom));
        note(chains, principal.userId, true);
      },
      (error: unknown) => log.warn({ err: error }, 'chat presence not joined'),
    );
    socket.on('disconnect', () => {
      const chains = socket.data.chatChains ?? [];
      if (chains.length === 0) return;
      // Offline only when no other tab or device of theirs is connected, on any process.
      io.in(userRoom(principal.userId))
        .fetchSockets()
        .then((left) => {
          if (left.length === 0) note(chains, principal.userId, false);
        })
        .catch((error: unknown) => log.warn({ err: error }, 'chat presence not updated'));
    });
  });

  return {
    message: (userIds, message) => {
      if (userIds.length > 0) io.to(userIds.map(userRoom)).emit('chat:message', message);
    },
    read: (userId, roomId) => io.to(userRoom(userId)).emit('chat:read', { roomId }),
    roomsChanged: (userIds) => {
      if (userIds.length > 0) io.to(userIds.map(userRoom)).emit('chat:rooms');
    },
    online: async (userIds) => {
      if (userIds.length === 0) return new Set();
      const sockets = await io.in(userIds.map(userRoom)).fetchSockets();
      return new Set(sockets.map((s) => s.data.principal.userId));
    },
    close: () => clearInterval(timer),
  };
}
