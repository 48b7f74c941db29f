import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Socket as ServerSocket } from 'socket.io';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RoomBroadcastAdapter, writeFrameNow } from './room-broadcast';

let http: HttpServer;
let io: Server;
let url: string;
const clients: ClientSocket[] = [];
/** Server-side sockets by the client's id, and how many packets Engine.IO made for each connection. */
const serverSockets = new Map<string, ServerSocket>();
const enginePackets = new Map<string, number>();

beforeEach(async () => {
  http = createServer();
  io = new Server(http, { adapter: RoomBroadcastAdapter, transports: ['polling', 'websocket'], pingInterval: 60_000 });
  io.on('connection', (socket) => {
    serverSockets.set(socket.id, socket);
    enginePackets.set(socket.id, 0);
    socket.conn.on('packetCreate', (packet: { type: string }) => {
      if (packet.type === 'message') enginePackets.set(socket.id, enginePackets.get(socket.id)! + 1);
    });
    void socket.join('room');
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});

afterEach(async () => {
  for (const c of clients.splice(0)) c.disconnect();
  serverSockets.clear();
  enginePackets.clear();
  await new Promise<void>((resolve) => io.close(() => resolve()));
});

async function client(transport: 'websocket' | 'polling'): Promise<ClientSocket> {
  const c = connect(url, { transports: [transport], forceNew: true, reconnection: false });
  clients.push(c);
  await new Promise<void>((resolve, reject) => {
    c.once('connect', resolve);
    c.once('connect_error', reject);
  });
  // The server's side has joined the room by the time the client hears back from it.
  await new Promise<void>((resolve) => {
    const wait = () => (serverSockets.get(c.id!)?.rooms.has('room') ? resolve() : setTimeout(wait, 5));
    wait();
  });
  return c;
}

function collect(c: ClientSocket, event: string): unknown[] {
  const got: unknown[] = [];
  c.on(event, (value: unknown) => got.push(value));
  return got;
}

async function until(test: () => boolean): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!test()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('RoomBroadcastAdapter', () => {
  it('writes a room message straight to each WebSocket, and through Engine.IO to a long-polling connection', async () => {
    const [a, b, polling] = [await client('websocket'), await client('websocket'), await client('polling')];
    const got = [a, b, polling].map((c) => collect(c, 'question'));
    const payload = { index: 0, text: 'Which is the longest river in India?', options: ['Ganga', 'Godavari'] };

    io.to('room').emit('question', payload);
    io.to('room').emit('question', { ...payload, index: 1 });

    await until(() => got.every((g) => g.length === 2));
    for (const g of got) expect(g).toEqual([payload, { ...payload, index: 1 }]);
    // Engine.IO made no packet for the WebSocket connections: the frame went out in one write.
    expect(enginePackets.get(a.id!)).toBe(0);
    expect(enginePackets.get(b.id!)).toBe(0);
    expect(enginePackets.get(polling.id!)).toBe(2);
  });

  it('keeps the order of messages to one connection when some wait behind a write in progress', async () => {
    const c = await client('websocket');
    const got = collect(c, 'seq');
    const socket = serverSockets.get(c.id!)!;

    // The first is written at once; the second waits in Engine.IO's queue until that write is done,
    // so the room's message must wait behind it, not overtake it.
    socket.emit('seq', 1);
    socket.emit('seq', 2);
    io.to('room').emit('seq', 3);
    socket.emit('seq', 4);
    await until(() => got.length === 4);
    expect(got).toEqual([1, 2, 3, 4]);

    // With nothing waiting, the room's message goes straight out, still after what was written.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const before = enginePackets.get(c.id!)!;
    socket.emit('seq', 5);
    await new Promise((resolve) => setTimeout(resolve, 20));
    io.to('room').emit('seq', 6);
    await until(() => got.length === 6);
    expect(got).toEqual([1, 2, 3, 4, 5, 6]);
    expect(enginePackets.get(c.id!)).toBe(before + 1);
  });

  it('leaves binary messages, rooms, exceptions and acknowledgements to the library', async () => {
    const [a, b] = [await client('websocket'), await client('websocket')];
    const bytes = [a, b].map((c) => collect(c, 'bytes'));
    const onlyB = [a, b].map((c) => collect(c, 'onlyB'));
    serverSockets.get(b.id!)!.join('other');

    io.to('room').emit('bytes', Buffer.from([1, 2, 3]));
    io.to('room').to('other').except(a.id!).emit('onlyB', 'once');
    b.on('ask', (ack: (answer: string) => void) => ack('yes'));
    a.on('ask', (ack: (answer: string) => void) => ack('yes'));
    const answers = await io.to('room').timeout(2_000).emitWithAck('ask');

    await until(() => bytes.every((g) => g.length === 1) && onlyB[1]!.length === 1);
    for (const g of bytes) expect(new Uint8Array(g[0] as ArrayBuffer)).toEqual(new Uint8Array([1, 2, 3]));
    expect(onlyB).toEqual([[], ['once']]);
    expect(answers).toEqual(['yes', 'yes']);
  });
});

describe('RoomBroadcastAdapter with per-message deflate', () => {
  it('leaves every message to Engine.IO, which compresses it', async () => {
    const compressing = new Server(http, {
      adapter: RoomBroadcastAdapter,
      transports: ['websocket'],
      path: '/deflate',
      perMessageDeflate: { threshold: 0 },
    });
    const made: string[] = [];
    compressing.on('connection', (socket) => {
      socket.conn.on(
        'packetCreate',
        (packet: { type: string }) => void (packet.type === 'message' && made.push(socket.id)),
      );
      void socket.join('room');
    });
    const c = connect(url, { path: '/deflate', transports: ['websocket'], forceNew: true, reconnection: false });
    clients.push(c);
    const got = collect(c, 'question');
    await new Promise<void>((resolve) => c.once('connect', resolve));
    await until(() => compressing.of('/').adapter.rooms.get('room')?.size === 1);

    compressing.to('room').emit('question', 'Name a river of the Deccan');
    await until(() => got.length === 1);
    expect(got).toEqual(['Name a river of the Deccan']);
    expect(made).toEqual([c.id]);
    await new Promise<void>((resolve) => compressing.close(() => resolve()));
  });
});

describe('writeFrameNow', () => {
  const frame = Buffer.from([0x81, 0x01, 0x34]);
  function connection(overrides: {
    readyState?: string;
    upgrading?: boolean;
    writeBuffer?: unknown[];
    name?: string;
    writable?: boolean;
    deflate?: boolean;
    ws?: number;
  }) {
    const written: Buffer[][] = [];
    const sender = { sendFrame: (list: Buffer[]) => void written.push(list) };
    return {
      written,
      conn: {
        readyState: overrides.readyState ?? 'open',
        upgrading: overrides.upgrading ?? false,
        writeBuffer: overrides.writeBuffer ?? [],
        transport: {
          name: overrides.name ?? 'websocket',
          writable: overrides.writable ?? true,
          opts: { perMessageDeflate: overrides.deflate ?? false },
          socket: { readyState: overrides.ws ?? 1, _sender: sender },
        },
      },
    };
  }

  it('writes the frame to an open WebSocket with nothing waiting', () => {
    const c = connection({});
    expect(writeFrameNow(c.conn, frame)).toBe(true);
    expect(c.written).toEqual([[frame]]);
  });

  it.each([
    ['long-polling', { name: 'polling' }],
    ['a write in progress', { writable: false }],
    ['packets waiting', { writeBuffer: [{ type: 'message' }] }],
    ['an upgrade in progress', { upgrading: true }],
    ['per-message deflate on', { deflate: true }],
    ['a closing connection', { readyState: 'closing' }],
    ['a closing WebSocket', { ws: 2 }],
  ])('leaves the frame to Engine.IO with %s', (_, overrides) => {
    const c = connection(overrides);
    expect(writeFrameNow(c.conn, frame)).toBe(false);
    expect(c.written).toEqual([]);
  });
});
