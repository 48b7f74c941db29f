// @vitest-environment jsdom
import { afterAll, describe, expect, it } from 'vitest';
import { i18next, i18nReady, ownStrings } from './i18n';

describe('a screen’s own strings (ownStrings)', () => {
  afterAll(() => i18next.changeLanguage('en'));

  it('loads the language’s file from the screen’s glob, with English behind it; a language without one falls back', async () => {
    const asked: string[] = [];
    const file = (path: string, strings: Record<string, string>) => ({
      [path]: () => {
        asked.push(path);
        return Promise.resolve(strings);
      },
    });
    ownStrings('sample', {
      ...file('../../locales/en/sample.json', { greeting: 'Hello', farewell: 'Goodbye' }),
      ...file('../../locales/hi/sample.json', { greeting: 'नमस्ते' }),
      // Another namespace whose name ends the same: never this one's.
      ...file('../../locales/hi/other-sample.json', { greeting: 'wrong file' }),
    });
    await i18nReady;
    await i18next.changeLanguage('hi');
    await i18next.loadNamespaces('sample');
    expect(i18next.t('sample:greeting')).toBe('नमस्ते');
    expect(i18next.t('sample:farewell')).toBe('Goodbye');
    expect(asked.sort()).toEqual(['../../locales/en/sample.json', '../../locales/hi/sample.json']);

    await i18next.changeLanguage('ta');
    await i18next.loadNamespaces('sample');
    expect(i18next.t('sample:greeting')).toBe('Hello');
  });
});
