import { act } from '@testing-library/react';

type Listener = (...args: unknown[]) => void;

/**
 * The tab's one Socket.IO connection (lib/socket.ts) for a component test: listeners are kept as a
 * socket keeps them, and the test plays the server with `push`. Tests that emit with an
 * acknowledgement extend it with their answers.
 */
export class FakeSocket {
  connected = true;
  active = true;
  private readonly listeners = new Map<string, Set<Listener>>();
  on(event: string, listener: Listener) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(listener);
    return this;
  }
  off(event: string, listener: Listener) {
    this.listeners.get(event)?.delete(listener);
    return this;
  }
  connect() {
    return this;
  }
  disconnect() {
    return this;
  }
  /** The server sends an event. */
  push(event: string, ...args: unknown[]) {
    act(() => {
      for (const listener of this.listeners.get(event) ?? []) listener(...args);
    });
  }
}

type Acknowledge = (payload: Record<string, unknown>) => unknown;

/**
 * A fake connection whose events are acknowledged (lib/socket.ts emitWithAck): `answers` gives the
 * server's answer per event, and `sent` keeps what the client emitted, in order.
 */
export class AckSocket extends FakeSocket {
  readonly sent: { event: string; payload: Record<string, unknown> }[] = [];
  constructor(public answers: Record<string, Acknowledge>) {
    super();
  }
  timeout() {
    return {
      emitWithAck: async (event: string, payload: Record<string, unknown>) => {
        this.sent.push({ event, payload });
        return this.answers[event]!(payload);
      },
    };
  }
  /** What the client emitted of one event. */
  emitted(event: string) {
    return this.sent.filter((s) => s.event === event).map((s) => s.payload);
  }
}
