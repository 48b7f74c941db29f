/**
 * Socket.IO's in-memory adapter with a cheaper message to a room (issue #24: a question to 5,000
 * players is one message to the room, and its cost on the server's one thread decides how late the
 * last player sees it).
 *
 * The library already encodes a room message once, WebSocket frame included. Then, for each
 * connection, Engine.IO makes a packet, emits three events, and ws writes the frame's header and
 * body as two buffers through a corked stream. Here the frame is one buffer, made once, and a
 * connection that is on WebSocket with nothing waiting to be written gets it in one write through
 * ws's own `sendFrame` (the path Engine.IO itself takes for a pre-encoded frame). Every other
 * connection (long-polling, an upgrade in progress, packets still queued behind an unfinished write,
 * per-message deflate, a binary message) goes the library's way, so messages to one connection keep
 * their order.
 * What it saves is measured by bench:live (docs/PERFORMANCE.md "Live challenge").
 *
 * With REDIS_URL the Redis adapter replaces this one (plugins/realtime.ts) and its messages take the
 * library's way on every process. Socket.IO's connection state recovery would need the library's
 * SessionAwareAdapter instead; the app does not use it (a page that reconnects rejoins its game and
 * gets a snapshot).
 */
import { Adapter, type BroadcastOptions } from 'socket.io-adapter';

/** The parts of an Engine.IO connection and its ws transport that decide whether a frame can be written now. */
interface EngineConnection {
  readyState: string;
  upgrading: boolean;
  writeBuffer: readonly unknown[];
  transport: {
    name: string;
    writable: boolean;
    /** Engine.IO's options for the transport: with per-message deflate, ws may hold frames back while it compresses. */
    opts?: { perMessageDeflate?: unknown };
    socket?: { readyState: number; _sender?: { sendFrame?: (list: Buffer[], cb?: () => void) => void } };
  };
}

interface BroadcastSocket {
  client: { conn: EngineConnection; writeToEngine(packets: unknown[], opts: PacketOptions): void };
  notifyOutgoingListeners?: (packet: unknown) => void;
}

interface PacketOptions {
  preEncoded: boolean;
  volatile?: boolean;
  compress?: boolean;
  /** Set by the adapter's encoder when the message is one text frame: the frame's header and body. */
  wsPreEncodedFrame?: Buffer[];
}

/** The in-memory adapter's own steps, which this one reuses (they are not part of its typed API). */
interface AdapterSteps {
  _encode(packet: unknown, opts: PacketOptions): unknown[];
  apply(opts: BroadcastOptions, callback: (socket: BroadcastSocket) => void): void;
}

/** ws's WebSocket.OPEN. */
const WS_OPEN = 1;

/**
 * Writes a whole WebSocket frame to a connection when nothing is waiting to go before it; false
 * when the connection must take Engine.IO's way (not on WebSocket, closing, upgrading, a write still
 * in progress, packets queued, or per-message deflate on, as Engine.IO itself then encodes each frame).
 */
export function writeFrameNow(conn: EngineConnection, frame: Buffer): boolean {
  if (conn.readyState !== 'open' || conn.upgrading || conn.writeBuffer.length > 0) return false;
  const transport = conn.transport;
  if (transport.name !== 'websocket' || !transport.writable || transport.opts?.perMessageDeflate) return false;
  const ws = transport.socket;
  const sendFrame = ws?._sender?.sendFrame;
  if (!ws || ws.readyState !== WS_OPEN || typeof sendFrame !== 'function') return false;
  sendFrame.call(ws._sender, [frame]);
  return true;
}

export class RoomBroadcastAdapter extends Adapter {
  override broadcast(packet: { nsp?: string }, opts: BroadcastOptions): void {
    const steps = this as unknown as Partial<AdapterSteps>;
    if (typeof steps._encode !== 'function' || typeof steps.apply !== 'function') return super.broadcast(packet, opts);
    const flags = opts.flags ?? {};
    const packetOpts: PacketOptions = { preEncoded: true, volatile: flags.volatile, compress: flags.compress };
    packet.nsp = this.nsp.name;
    const encoded = steps._encode.call(this, packet, packetOpts);
    const frame = packetOpts.wsPreEncodedFrame ? Buffer.concat(packetOpts.wsPreEncodedFrame) : null;
    steps.apply.call(this, opts, (socket) => {
      socket.notifyOutgoingListeners?.(packet);
      if (frame && writeFrameNow(socket.client.conn, frame)) return;
      socket.client.writeToEngine(encoded, packetOpts);
    });
  }
}
