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
