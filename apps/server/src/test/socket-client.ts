/** socket.io-client for integration tests against a listening test app (the live challenge, chat, calls). */
import type { Ack } from '@ki/contracts';
import { io as connect, type Socket } from 'socket.io-client';

/** A websocket connection with these headers (the session cookie), kept in `opened` to close after; resolves once connected. */
export function openSocket(base: string, headers: Record<string, string>, opened: Socket[]): Promise<Socket> {
  const s = connect(base, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: headers,
    reconnection: false,
    forceNew: true,
  });
  opened.push(s);
  return new Promise((resolve, reject) => {
    s.once('connect', () => resolve(s));
    s.once('connect_error', (e) => reject(e));
  });
}

/** Emits and waits for the acknowledgement (5 s). */
export function emitAck<T>(s: Socket, event: string, payload: unknown): Promise<Ack<T>> {
  return s.timeout(5000).emitWithAck(event, payload) as Promise<Ack<T>>;
}

/** The next `event` on `s`; rejected after `timeoutMs` (null: waits as long as the test does). */
export function nextEvent<T>(s: Socket, event: string, timeoutMs: number | null = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer =
      timeoutMs === null
        ? undefined
        : setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    s.once(event, (v: T) => {
      clearTimeout(timer);
      resolve(v);
    });
  });
}

/** Whether `event` arrives on `s` within `ms` (to show that it does not). */
export function arrives(s: Socket, event: string, ms = 400): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      s.off(event, seen);
      resolve(false);
    }, ms);
    const seen = () => {
      clearTimeout(timer);
      resolve(true);
    };
    s.once(event, seen);
  });
}

/** The listening address of a test app started on a free port (sockets need a real server). */
export async function listenForSockets(app: {
  listen(o: { port: number; host: string }): Promise<unknown>;
  server: { address(): unknown };
}): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address() as { port: number } | string | null;
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}
