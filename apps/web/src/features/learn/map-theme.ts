import { useSyncExternalStore } from 'react';
import type { MapMode } from './island-theme';

/**
 * The island map's colours the learner picked (access-and-app-shell.md 2.8, the island page's theme
 * picker), kept per user on this device. Read as the app reads its theme (4.7): light by default,
 * and anything stored other than 'dark' or 'light' is light.
 */
export const mapThemeKey = (userId: number) => `ki.islandMap.${userId}`;

const listeners = new Set<() => void>();
/** Choices the device's storage refused (private mode, full): they last while the page is open. */
const unsaved = new Map<number, MapMode>();

export function readMapTheme(
  userId: number | null | undefined,
  storage: Pick<Storage, 'getItem'> | null = safeStorage(),
): MapMode {
  if (userId == null) return 'light';
  const kept = unsaved.get(userId);
  if (kept) return kept;
  if (!storage) return 'light';
  try {
    return storage.getItem(mapThemeKey(userId)) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

export function saveMapTheme(
  userId: number | null | undefined,
  mode: MapMode,
  storage: Pick<Storage, 'setItem'> | null = safeStorage(),
): void {
  if (userId == null) return;
  try {
    if (!storage) throw new Error('no storage');
    storage.setItem(mapThemeKey(userId), mode);
    unsaved.delete(userId);
  } catch {
    unsaved.set(userId, mode);
  }
  for (const listener of listeners) listener();
}

function safeStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The user's map colours; re-renders when they change (here or in another tab). */
export function useMapTheme(userId: number | null | undefined): MapMode {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      const onStorage = (event: StorageEvent) => {
        if (userId != null && event.key === mapThemeKey(userId)) listener();
      };
      window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(listener);
        window.removeEventListener('storage', onStorage);
      };
    },
    () => readMapTheme(userId),
    () => 'light',
  );
}
