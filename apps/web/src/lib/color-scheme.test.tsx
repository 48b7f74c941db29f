// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubMatchMedia } from '../test-support/match-media';

// The module reads localStorage when it loads: each test loads a fresh copy.
const load = async () => {
  vi.resetModules();
  return {
    scheme: await import('./color-scheme'),
    theme: await import('../app/theme'),
    root: await import('../app/mantine-root'),
    mantine: await import('@mantine/core'),
  };
};

beforeAll(stubMatchMedia);
beforeEach(() => {
  localStorage.clear();
  document.documentElement.removeAttribute('data-mantine-color-scheme');
});
afterEach(cleanup);

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

  it("is the one value of the plain shell's toggle and of every Mantine provider a page brings", async () => {
    const { scheme, root, mantine } = await load();
    function Shows() {
      return <span data-testid={`seen-${mantine.useComputedColorScheme('light')}`} />;
    }
    render(
      <>
        <root.MantineRoot>
          <Shows />
        </root.MantineRoot>
        <root.MantineRoot>
          <Shows />
        </root.MantineRoot>
      </>,
    );
    expect(screen.getAllByTestId('seen-light')).toHaveLength(2);
    act(() => scheme.setColorScheme('dark'));
    expect(screen.getAllByTestId('seen-dark')).toHaveLength(2);
    // A provider's own setter (Mantine's useMantineColorScheme) reaches the app's value too.
    function Setter() {
      const { setColorScheme } = mantine.useMantineColorScheme();
      return <button onClick={() => setColorScheme('light')}>light</button>;
    }
    render(
      <root.MantineRoot>
        <Setter />
      </root.MantineRoot>,
    );
    act(() => screen.getByText('light').click());
    expect(scheme.getColorScheme()).toBe('light');
    expect(screen.getAllByTestId('seen-light')).toHaveLength(2);
  });

  it('a provider that unmounts stops listening, and the others keep theirs', async () => {
    const { theme, scheme } = await load();
    const a = theme.createColorSchemeManager();
    const b = theme.createColorSchemeManager();
    const heardA: string[] = [];
    const heardB: string[] = [];
    a.subscribe((s) => heardA.push(s));
    b.subscribe((s) => heardB.push(s));
    a.unsubscribe();
    scheme.setColorScheme('dark');
    expect(heardA).toEqual([]);
    expect(heardB).toEqual(['dark']);
  });
});
