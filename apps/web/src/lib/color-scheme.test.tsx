// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The module reads localStorage when it loads: each test loads a fresh copy.
const load = async () => {
  vi.resetModules();
  return {
    scheme: await import('./color-scheme'),
  };
};

beforeEach(() => {
  localStorage.clear();
  document.documentElement.removeAttribute('data-mantine-color-scheme');
});

describe('the colour scheme (access-and-app-shell.md 4.7)', () => {
  it('is light by default, and anything stored other than dark or light reads as light', async () => {
    expect((await load()).scheme.getColorScheme()).toBe('light');
    localStorage.setItem('ki.theme', 'purple');
    expect((await load()).scheme.getColorScheme()).toBe('light');
    localStorage.setItem('ki.theme', 'dark');
    const { scheme } = await load();
    expect(scheme.getColorScheme()).toBe('dark');
    scheme.applyColorScheme();
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('dark');
  });

  it('keeps a change, marks <html> and tells every listener once', async () => {
    const { scheme } = await load();
    const heard: string[] = [];
    const stop = scheme.onColorScheme((s) => heard.push(s));
    scheme.setColorScheme('dark');
    scheme.setColorScheme('dark');
    expect(localStorage.getItem('ki.theme')).toBe('dark');
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('dark');
    stop();
    scheme.setColorScheme('light');
    expect(heard).toEqual(['dark']);
  });

  it('follows a change made in another tab', async () => {
    const { scheme } = await load();
    localStorage.setItem('ki.theme', 'dark');
    window.dispatchEvent(new StorageEvent('storage', { key: 'ki.theme', newValue: 'dark' }));
    expect(scheme.getColorScheme()).toBe('dark');
  });
});
