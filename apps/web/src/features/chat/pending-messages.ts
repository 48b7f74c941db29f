import { useSyncExternalStore } from 'react';

/**
 * Messages the caller wrote that the server has not acknowledged yet: shown as "sending", or as
 * failed with a retry (keeping their clientId, so a retry whose first try did arrive posts once).
 * They live for the tab, outside any component: leaving the room or the page loses nothing typed,
 * nor a chosen file (its File is kept here until the server has it or the writer removes it).
 */
export interface PendingMessage {
  clientId: string;
  roomId: number;
  /** The caption, with a file; may then be empty. */
  text: string;
  file?: File;
  status: 'sending' | 'failed';
  error?: unknown;
}

let pending: readonly PendingMessage[] = [];
const listeners = new Set<() => void>();

function set(next: readonly PendingMessage[]) {
  pending = next;
  for (const listener of listeners) listener();
}

export const pendingStore = {
  add: (message: PendingMessage) => set([...pending, message]),
  update: (clientId: string, change: Partial<PendingMessage>) =>
    set(pending.map((m) => (m.clientId === clientId ? { ...m, ...change } : m))),
  /** The server has the message (its answer, or its copy over the socket). */
  remove: (clientId: string) => {
    if (pending.some((m) => m.clientId === clientId)) set(pending.filter((m) => m.clientId !== clientId));
  },
  get: (clientId: string) => pending.find((m) => m.clientId === clientId),
  all: () => pending,
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Tests start from nothing. */
  clear: () => set([]),
};

/** The room's messages not acknowledged yet, in the order they were written. */
export function usePending(roomId: number): PendingMessage[] {
  const all = useSyncExternalStore(pendingStore.subscribe, pendingStore.all);
  return all.filter((m) => m.roomId === roomId);
}
