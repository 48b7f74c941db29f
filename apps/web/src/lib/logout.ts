import type { QueryClient } from '@tanstack/react-query';
import { api } from './api-client';
import { broadcastAuth } from './auth-channel';
import { KEPT_ON_LOGOUT } from './storage-keys';

/**
 * Ends the session on the server, then forgets everything personal kept in this browser (the
 * records queue in IndexedDB is kept: unsent learning records must never be lost) and tells the
 * other tabs.
 */
export async function logout(queryClient: QueryClient): Promise<void> {
  try {
    await api.post('/auth/logout');
  } finally {
    clearLocalData(queryClient);
    broadcastAuth({ type: 'logout' });
  }
}

export function clearLocalData(queryClient: QueryClient): void {
  queryClient.clear();
  for (const key of Object.keys(localStorage))
    if (key.startsWith('ki.') && !KEPT_ON_LOGOUT.includes(key)) localStorage.removeItem(key);
  sessionStorage.clear();
  // Content, progress and the pages' saved answers, kept for offline use (the records queue in the
  // same database stays). The service worker caches no API answers, only the app's code.
  void import('./learner-db').then((m) => m.clearCachedContent()).catch(() => undefined);
}
