import type { QueryClient } from '@tanstack/react-query';
import { LANGUAGES, type Language } from '@ki/domain';
import type { MeResponse } from '@ki/contracts';
import { api, ApiError } from './api-client';
import { i18next, isLanguage } from './i18n';
import { STORAGE_KEYS } from './storage-keys';
import { storeAnswer } from './store-answer';

/**
 * One language per user (issue #30), for the screens and the content alike. The server keeps it
 * (users.language, PUT /me/language) and names subjects, chapters, topics, concepts and questions
 * in it; this device keeps it too (i18next's ki.language), so the app opens in it offline. A choice
 * made without a network is remembered as pending for its user and saved once the device is back
 * online. The screens follow i18next, and a change of i18next's language fetches every cached
 * answer again (app/providers.tsx), so the content follows as soon as the server has the setting.
 */

interface Pending {
  userId: number;
  language: Language;
}

/** The language this user chose on this device and the server does not have yet, if any. */
export function pendingLanguage(userId: number): Language | null {
  try {
    const pending = JSON.parse(localStorage.getItem(STORAGE_KEYS.languagePending) ?? 'null') as Partial<Pending> | null;
    return pending?.userId === userId && isLanguage(pending.language) ? pending.language : null;
  } catch {
    return null;
  }
}

const setPending = (pending: Pending) => localStorage.setItem(STORAGE_KEYS.languagePending, JSON.stringify(pending));
const clearPending = () => localStorage.removeItem(STORAGE_KEYS.languagePending);

/** The screen language i18next is in now (English until it has one of the six). */
export function currentLanguage(): Language {
  const language = i18next.resolvedLanguage ?? i18next.language;
  return isLanguage(language) ? language : 'en';
}

/**
 * The languages the user may pick: their school's (MeResponse.school.languages), all six for a
 * user without a school or a visitor who is not signed in. The current one stays listed even if the
 * school has since dropped it, so the select never claims a language the screens are not in.
 */
export function languageChoices(me: MeResponse | null | undefined, current: Language): Language[] {
  const offered = me?.school ? me.school.languages.filter(isLanguage) : [...LANGUAGES];
  const choices = offered.length ? offered : [...LANGUAGES];
  return choices.includes(current) ? choices : [current, ...choices];
}

/** Whether a failed save may succeed later as it is (no network, or a server in trouble). */
const isTransient = (error: unknown) => error instanceof ApiError && (error.code === 'NETWORK' || error.status >= 500);

/** The saved /me in place: the query cache and the copy that opens the app offline. */
function putMe(client: QueryClient, me: MeResponse) {
  localStorage.setItem(STORAGE_KEYS.me, JSON.stringify(me));
  storeAnswer(client, ['me'], me);
}

const saveOnServer = (language: Language) => api.put<MeResponse>('/me/language', { language });

/**
 * Sets the user's language from the header. Signed out: this device only. Signed in: saved on the
 * server first, so the content fetched again after the switch comes in the new language; without a
 * network the screens switch at once and the choice waits as pending. A refusal (the school does
 * not offer it) changes nothing and is thrown for the caller to show.
 */
export async function chooseLanguage(
  client: QueryClient,
  me: MeResponse | null | undefined,
  language: Language,
): Promise<void> {
  if (!me) {
    await i18next.changeLanguage(language);
    return;
  }
  setPending({ userId: me.user.id, language });
  if (navigator.onLine) {
    try {
      putMe(client, await saveOnServer(language));
      clearPending();
    } catch (error) {
      if (!isTransient(error)) {
        clearPending();
        throw error;
      }
    }
  }
  await i18next.changeLanguage(language);
}

/**
 * Brings the device and the server to one language, when /me arrives and when the network returns:
 * a pending choice is saved (the content cached meanwhile is fetched again); otherwise the screens
 * follow the saved language (it may have been changed on another device or in the profile).
 */
export async function reconcileLanguage(client: QueryClient, me: MeResponse): Promise<void> {
  const pending = pendingLanguage(me.user.id);
  if (pending && pending !== me.user.language) {
    if (!navigator.onLine) return;
    try {
      putMe(client, await saveOnServer(pending));
      clearPending();
      if (currentLanguage() === pending) await client.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'me' });
      else await i18next.changeLanguage(pending);
      return;
    } catch (error) {
      if (isTransient(error)) return;
      // Refused: the school no longer offers it. The saved language stands.
      clearPending();
    }
  } else if (pending) clearPending();
  if (isLanguage(me.user.language) && me.user.language !== currentLanguage())
    await i18next.changeLanguage(me.user.language);
}

/** After the profile saved a language: the screens, the session's copy and the device follow it. */
export async function adoptSavedLanguage(client: QueryClient, language: string | null): Promise<void> {
  if (!isLanguage(language)) return;
  clearPending();
  const me = client.getQueryData<MeResponse | null>(['me']);
  if (me && me.user.language !== language) putMe(client, { ...me, user: { ...me.user, language } });
  if (language !== currentLanguage()) await i18next.changeLanguage(language);
}
