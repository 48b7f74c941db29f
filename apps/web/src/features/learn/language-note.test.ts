import { describe, expect, it } from 'vitest';
import { languageNote } from './language-note';

describe('languageNote', () => {
  it.each([
    // chosen, bundle made for, languages of the page's texts, note
    ['mr', 'mr', ['mr', 'mr'], null],
    ['mr', 'mr', ['mr', 'en', 'en'], 'englishOnly'],
    ['ta', 'ta', ['en'], 'englishOnly'],
    ['en', 'en', ['en', 'en'], null],
    // The copy on the device is of the language before an offline change: say it comes online.
    ['mr', 'en', ['en'], 'notDownloaded'],
    ['en', 'hi', ['hi'], 'notDownloaded'],
    // A copy kept from before texts said their language: nothing is claimed.
    ['mr', undefined, [undefined, undefined], null],
    ['mr', 'mr', [undefined, null, 'mr'], null],
    ['mr', 'mr', [], null],
  ] as const)('%s, a bundle in %s, texts in %j: %s', (chosen, bundle, shown, expected) => {
    expect(languageNote(chosen, bundle, shown)).toBe(expected);
  });
});
