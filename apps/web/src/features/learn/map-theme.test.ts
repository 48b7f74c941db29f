import { describe, expect, it } from 'vitest';
import { mapThemeKey, readMapTheme, saveMapTheme } from './map-theme';

function memoryStorage(values: Record<string, string> = {}) {
  return {
    values,
    getItem: (key: string) => values[key] ?? null,
    setItem: (key: string, value: string) => void (values[key] = value),
  };
}

describe('the island map theme (access-and-app-shell.md 2.8, read as in 4.7)', () => {
  it('is kept per user: the key names the user', () => {
    const storage = memoryStorage();
    saveMapTheme(7, 'dark', storage);
    expect(storage.values).toEqual({ [mapThemeKey(7)]: 'dark' });
    expect(mapThemeKey(7)).toContain('7');
    expect(readMapTheme(7, storage)).toBe('dark');
    expect(readMapTheme(8, storage)).toBe('light');
  });

  it.each([
    ['dark', 'dark'],
    ['light', 'light'],
    [null, 'light'],
    ['', 'light'],
    ['Dark', 'light'],
    ['night', 'light'],
    ['"dark"', 'light'],
  ] as const)('stored %j reads as %s', (stored, mode) => {
    const storage = memoryStorage(stored === null ? {} : { [mapThemeKey(3)]: stored });
    expect(readMapTheme(3, storage)).toBe(mode);
  });

  it('is light with nobody signed in, no storage, or storage that throws', () => {
    expect(readMapTheme(null, memoryStorage({ [mapThemeKey(1)]: 'dark' }))).toBe('light');
    expect(readMapTheme(4, null)).toBe('light');
    const throwing = {
      getItem: () => {
        throw new Error('denied');
      },
    };
    expect(readMapTheme(5, throwing)).toBe('light');
  });

  it('a choice the storage refuses lasts while the page is open', () => {
    const refusing = {
      setItem: () => {
        throw new Error('quota');
      },
    };
    saveMapTheme(9, 'dark', refusing);
    expect(readMapTheme(9, memoryStorage())).toBe('dark');
  });
});
