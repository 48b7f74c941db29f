// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MeResponse } from '@ki/contracts';
import { ApiError } from './api-client';
import { i18next, i18nReady } from './i18n';
import { adoptSavedLanguage, chooseLanguage, languageChoices, pendingLanguage, reconcileLanguage } from './language';

const me = (over: { id?: number; language?: string | null; languages?: string[] | null } = {}): MeResponse =>
  ({
    user: { id: over.id ?? 7, role: 'student', language: over.language === undefined ? 'en' : over.language },
    school:
      over.languages === null
        ? null
        : {
            id: 1,
            name: 'S',
            chainId: 1,
            isPace: false,
            languages: over.languages ?? ['en', 'mr', 'hi'],
            products: [],
          },
  }) as unknown as MeResponse;

/** The server: answers PUT /me/language with `answer` and records what it was asked, and in which screen language. */
function server(answer: (language: string) => { status: number; body: unknown }) {
  const calls: { language: string; screensWere: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      expect(url).toBe('/api/v1/me/language');
      expect(init.method).toBe('PUT');
      const { language } = JSON.parse(String(init.body)) as { language: string };
      calls.push({ language, screensWere: i18next.language });
      const { status, body } = answer(language);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}
const saves = (language: string) => ({ status: 200, body: me({ language }) });
const offline = () => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);

let client: QueryClient;
beforeEach(async () => {
  await i18nReady;
  localStorage.clear();
  await i18next.changeLanguage('en');
  client = new QueryClient();
  client.setQueryData(['me'], me());
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('languageChoices', () => {
  it('offers the school’s languages, all six without a school or signed out, and always the current one', () => {
    expect(languageChoices(me(), 'en')).toEqual(['en', 'mr', 'hi']);
    expect(languageChoices(me({ languages: null }), 'en')).toEqual(['en', 'mr', 'gu', 'hi', 'ta', 'te']);
    expect(languageChoices(null, 'ta')).toEqual(['en', 'mr', 'gu', 'hi', 'ta', 'te']);
    // The school dropped Tamil after it was chosen: still shown, so the select tells the truth.
    expect(languageChoices(me(), 'ta')).toEqual(['ta', 'en', 'mr', 'hi']);
  });
});

describe('chooseLanguage', () => {
  it('saves on the server first, then switches the screens; the session follows', async () => {
    const calls = server(saves);
    await chooseLanguage(client, me(), 'mr');
    expect(calls).toEqual([{ language: 'mr', screensWere: 'en' }]);
    expect(i18next.language).toBe('mr');
    expect(client.getQueryData<MeResponse>(['me'])?.user.language).toBe('mr');
    expect(JSON.parse(localStorage.getItem('ki.me')!).user.language).toBe('mr');
    expect(localStorage.getItem('ki.language')).toBe('mr');
    expect(pendingLanguage(7)).toBeNull();
  });

  it('offline: switches at once, keeps the choice as pending, and saves it when the network returns', async () => {
    const calls = server(saves);
    const onLine = offline();
    await chooseLanguage(client, me(), 'hi');
    expect(calls).toEqual([]);
    expect(i18next.language).toBe('hi');
    expect(pendingLanguage(7)).toBe('hi');
    expect(pendingLanguage(8)).toBeNull();
    // Still offline: /me (the stored copy) says English, but the pending choice stands.
    await reconcileLanguage(client, me());
    expect(i18next.language).toBe('hi');

    onLine.mockReturnValue(true);
    client.setQueryData(['learn', 'bundle', 7, 'science'], { language: 'en' });
    await reconcileLanguage(client, me());
    expect(calls.map((c) => c.language)).toEqual(['hi']);
    expect(pendingLanguage(7)).toBeNull();
    expect(client.getQueryData<MeResponse>(['me'])?.user.language).toBe('hi');
    // The content kept meanwhile is in the old language: it is fetched again.
    expect(client.getQueryState(['learn', 'bundle', 7, 'science'])?.isInvalidated).toBe(true);
  });

  it('a server that cannot be reached counts as offline', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await chooseLanguage(client, me(), 'mr');
    expect(i18next.language).toBe('mr');
    expect(pendingLanguage(7)).toBe('mr');
  });

  it('a refusal changes nothing and is passed on', async () => {
    server(() => ({ status: 400, body: { code: 'LANGUAGE_NOT_OFFERED', message: 'Please select Language' } }));
    const refused = chooseLanguage(client, me(), 'ta');
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toMatchObject({ code: 'LANGUAGE_NOT_OFFERED' });
    expect(i18next.language).toBe('en');
    expect(pendingLanguage(7)).toBeNull();
  });

  it('signed out: this device only', async () => {
    const calls = server(saves);
    await chooseLanguage(client, null, 'gu');
    expect(calls).toEqual([]);
    expect(i18next.language).toBe('gu');
  });
});

describe('reconcileLanguage', () => {
  it('follows the saved language when nothing is pending (changed on another device)', async () => {
    const calls = server(saves);
    await reconcileLanguage(client, me({ language: 'mr' }));
    expect(i18next.language).toBe('mr');
    expect(calls).toEqual([]);
  });

  it('drops a pending choice the school refuses, and follows the saved language', async () => {
    server(saves);
    offline();
    await chooseLanguage(client, me(), 'ta');
    vi.restoreAllMocks();
    server(() => ({ status: 400, body: { code: 'LANGUAGE_NOT_OFFERED', message: 'Please select Language' } }));
    await reconcileLanguage(client, me({ language: 'hi' }));
    expect(pendingLanguage(7)).toBeNull();
    expect(i18next.language).toBe('hi');
  });

  it('keeps a pending choice while the server is in trouble', async () => {
    offline();
    server(saves);
    await chooseLanguage(client, me(), 'mr');
    vi.restoreAllMocks();
    server(() => ({ status: 503, body: { code: 'SERVICE_UNAVAILABLE', message: 'busy' } }));
    await reconcileLanguage(client, me());
    expect(pendingLanguage(7)).toBe('mr');
    expect(i18next.language).toBe('mr');
  });
});

describe('adoptSavedLanguage', () => {
  it('after the profile saved a language: screens and session follow, nothing stays pending', async () => {
    offline();
    server(saves);
    await chooseLanguage(client, me(), 'mr');
    await adoptSavedLanguage(client, 'hi');
    expect(i18next.language).toBe('hi');
    expect(client.getQueryData<MeResponse>(['me'])?.user.language).toBe('hi');
    expect(pendingLanguage(7)).toBeNull();
  });
});
