import { useSyncExternalStore } from 'react';

/**
 * Who of the caller's colleagues is online, as last heard: the room detail and the people picker
 * say it when they arrive, and the socket's batches of changes (chat:presence) keep it current.
 */
const online = new Map<number, boolean>();
const listeners = new Set<() => void>();
let version = 0;

export function notePresence(changes: Iterable<readonly [number, boolean]>) {
  let changed = false;
  for (const [id, isOnline] of changes) {
    if (online.get(id) === isOnline) continue;
    online.set(id, isOnline);
    changed = true;
  }
  if (!changed) return;
  version += 1;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether a colleague is online (false when not heard of yet). */
export function useOnline(userId: number | null): boolean {
  useSyncExternalStore(subscribe, () => version);
  return userId !== null && online.get(userId) === true;
}
