import { personName } from '@ki/domain';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MeResponse } from '@ki/contracts';
import { api, ApiError } from './api-client';
import { STORAGE_KEYS } from './storage-keys';
import { storeAnswer } from './store-answer';

/**
 * The signed-in user (null when signed out). The last answer is kept locally so the app still opens
 * offline; the server remains the judge of every request.
 */
export async function fetchMe(signal?: AbortSignal): Promise<MeResponse | null> {
  // Offline, the saved answer at once: a request would only fail (or, on a bad connection, hang).
  const saved = navigator.onLine ? null : storedMe();
  if (saved) return saved;
  try {
    const me = await api.get<MeResponse>('/me', undefined, signal);
    localStorage.setItem(STORAGE_KEYS.me, JSON.stringify(me));
    return me;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      localStorage.removeItem(STORAGE_KEYS.me);
      return null;
    }
    // Unreachable: the user this browser last knew, or nobody. Nobody rather than an error: the
    // sign-in pages then show (and say that signing in needs the network), where an error with no
    // data would be asked again by every screen that mounts, and keep them on a loader.
    if (error instanceof ApiError && error.code === 'NETWORK') return storedMe();
    throw error;
  }
}

/**
 * The last signed-in user this browser was told about (kept by fetchMe and useSetMe), if any. An
 * answer kept before /me carried abilities is forgotten: the screens read them.
 */
export function storedMe(): MeResponse | null {
  const stored = localStorage.getItem(STORAGE_KEYS.me);
  const me = stored ? (JSON.parse(stored) as Partial<MeResponse>) : null;
  return me?.abilities ? (me as MeResponse) : null;
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: ['me'],
    queryFn: ({ signal }) => fetchMe(signal),
    staleTime: 5 * 60_000,
    retry: false,
    networkMode: 'always',
  });

export const useMe = () => useQuery(meQueryOptions());

/** Puts a fresh MeResponse (from sign-in or onboarding) in place without another request. */
export function useSetMe() {
  const client = useQueryClient();
  return (me: MeResponse | null) => {
    if (me) localStorage.setItem(STORAGE_KEYS.me, JSON.stringify(me));
    else localStorage.removeItem(STORAGE_KEYS.me);
    storeAnswer(client, ['me'], me);
  };
}

export const fullName = (me: Pick<MeResponse, 'user'>) => personName(me.user.firstName, me.user.lastName);

/**
 * Where a user lands after sign-in: onboarding first, then the page they asked for before signing
 * in, then home. It only reads: the remembered page is forgotten once the user has landed
 * (RequireOnboarded), so every caller computes the same place.
 */
export function landingPath(me: MeResponse): string {
  const o = me.onboarding;
  if (o.needsLanguage || o.needsBoard || o.needsGrade) return '/onboarding';
  return sessionStorage.getItem(STORAGE_KEYS.redirect) ?? me.home;
}
