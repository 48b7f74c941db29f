/**
 * Realtime: one Socket.IO server on the API's port (ARCHITECTURE.md "The second half"), shared by the
 * live challenge and, later, staff chat. A connection is authenticated from the session cookie into
 * the same principal as an HTTP request (no token in a URL); a handshake from another site's page is
 * refused, as a state-changing request is. A connection ends with its session: at sign-out, or when
 * the session expires. With REDIS_URL set, processes share rooms through the
 * Socket.IO Redis adapter. Signing out closes the session's connections, on every process.
 */
import { randomUUID } from 'node:crypto';
import { fastifyCookie } from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import type { AppDeps } from '../app-deps';
import type { Principal } from '../policy/principal';
import { RoomBroadcastAdapter } from './room-broadcast';
import { principalFromToken, SESSION_COOKIE, sessionExpiry } from '../sessions/session-store';

export interface SocketData {
  principal: Principal;
  /** The network address the connection came from (wrong join codes are counted against it). */
  address: string;
  /** When the session ends by itself: the connection is closed then. */
  expiresAt: Date;
}

/** The longest delay a Node timer takes (about 24.8 days; sessions last 14). */
const MAX_TIMER_MS = 2_147_483_647;

export type RealtimeServer = Server<Record<string, never>, Record<string, never>, Record<string, never>, SocketData>;
export type RealtimeSocket = Socket<Record<string, never>, Record<string, never>, Record<string, never>, SocketData>;

/** Whether a handshake's Origin (when sent) is this server's own host. */
export function sameOrigin(origin: string | undefined, host: string | undefined): boolean {
  if (!origin || origin === 'null') return origin === undefined;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/**
 * The few Redis commands the realtime modules use besides the adapter: a game code's reservation
 * and sliding-window counts (wrong game codes). Keys are given without the deployment's prefix
 * (REDIS_PREFIX), which the store adds.
 */
export interface SharedStore {
  /** Sets key to value for ttlSeconds unless it exists; true when set. */
  reserve(key: string, value: string, ttlSeconds: number): Promise<boolean>;
  release(key: string): Promise<void>;
  /** Counts an event at `at` (ms) under key, kept for windowMs. */
  addHit(key: string, at: number, windowMs: number): Promise<void>;
  /** The instants (ms, oldest first) of the key's events within windowMs before `now`. */
  hits(key: string, now: number, windowMs: number): Promise<number[]>;
}

export interface Realtime {
  io: RealtimeServer;
  /** Redis, when several processes share the realtime work (REDIS_URL); null for one process. */
  shared: SharedStore | null;
  /** Closes every connection of a session that has ended (sign-out), on whichever process holds it. */
  endSession(sessionId: string): void;
}

/** The room of a session's connections (its id is the token's hash, never the token). */
const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/** Attaches Socket.IO to the app's HTTP server; closed with the app. */
export async function attachRealtime(app: FastifyInstance, deps: AppDeps): Promise<Realtime> {
  const io: RealtimeServer = new Server(app.server, {
    path: '/socket.io',
    serveClient: false,
    // Long-polling first, then the upgrade: a school proxy that blocks WebSocket still plays.
    transports: ['polling', 'websocket'],
    pingInterval: 20_000,
    pingTimeout: 20_000,
    // The largest message a client may send: a call's WebRTC offer (contracts chat/calls.ts: an SDP
    // of up to 30,000 characters) with room to spare; a longer one closes the connection.
    maxHttpBufferSize: 65_536,
    allowRequest: (req, callback) => callback(null, sameOrigin(req.headers.origin, req.headers.host)),
    // One process: a message to a room is written to each WebSocket in one go (room-broadcast.ts).
    // With REDIS_URL the Redis adapter takes its place below.
    adapter: RoomBroadcastAdapter,
  });

  io.use((socket, next) => {
    const token = fastifyCookie.parse(socket.handshake.headers.cookie ?? '')[SESSION_COOKIE];
    if (!token) return next(new Error('UNAUTHENTICATED'));
    principalFromToken(deps.database.db, token, deps.clock()).then(
      async (principal) => {
        if (!principal) return next(new Error('UNAUTHENTICATED'));
        socket.data.principal = principal;
        socket.data.address = socket.handshake.address;
        socket.data.expiresAt = (await sessionExpiry(deps.database.db, principal.sessionId)) ?? deps.clock();
        next();
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'socket authentication failed');
        next(new Error('SERVICE_UNAVAILABLE'));
      },
    );
  });

  // A connection is authorized once, at its handshake: it joins its session's room, so that the
  // session's end (sign-out) closes it rather than leaving it signed in until the tab closes.
  // A session that ends by itself (14 days) closes its connections then, as a request would be
  // refused then: a chat tab left open does not go on receiving messages.
  io.on('connection', (socket) => {
    void socket.join(sessionRoom(socket.data.principal.sessionId));
    const left = socket.data.expiresAt.getTime() - deps.clock().getTime();
    const timer = setTimeout(() => socket.disconnect(true), Math.min(Math.max(left, 0), MAX_TIMER_MS));
    socket.once('disconnect', () => clearTimeout(timer));
  });

  const redis = deps.config.REDIS_URL
    ? await useRedisAdapter(io, deps.config.REDIS_URL, deps.config.REDIS_PREFIX, app)
    : null;

  // Socket.IO first (its adapter unsubscribes on close), then the Redis connections.
  app.addHook('onClose', async () => {
    await new Promise<void>((resolve) => io.close(() => resolve()));
    await redis?.quit();
  });
  return {
    io,
    shared: redis?.store ?? null,
    endSession: (sessionId) => io.in(sessionRoom(sessionId)).disconnectSockets(true),
  };
}

async function useRedisAdapter(
  io: RealtimeServer,
  url: string,
  prefix: string,
  app: FastifyInstance,
): Promise<{ store: SharedStore; quit(): Promise<void> }> {
  const [{ createClient }, { createAdapter }] = await Promise.all([
    import('redis'),
    import('@socket.io/redis-adapter'),
  ]);
  const pub = createClient({ url });
  const sub = pub.duplicate();
  for (const client of [pub, sub]) client.on('error', (error: unknown) => app.log.error({ err: error }, 'redis error'));
  await Promise.all([pub.connect(), sub.connect()]);
  io.adapter(createAdapter(pub, sub));
  return {
    store: {
      reserve: async (key, value, ttlSeconds) =>
        (await pub.set(prefix + key, value, { NX: true, EX: ttlSeconds })) === 'OK',
      release: async (key) => {
        await pub.del(prefix + key);
      },
      // A sorted set per key: each event a member scored by its instant; older ones are trimmed.
      addHit: async (key, at, windowMs) => {
        await pub
          .multi()
          .zAdd(prefix + key, { score: at, value: randomUUID() })
          .zRemRangeByScore(prefix + key, '-inf', at - windowMs)
          .pExpire(prefix + key, windowMs)
          .exec();
      },
      hits: async (key, now, windowMs) => {
        const list = await pub.zRangeByScoreWithScores(prefix + key, `(${now - windowMs}`, '+inf');
        return list.map((entry) => entry.score);
      },
    },
    quit: async () => {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}
