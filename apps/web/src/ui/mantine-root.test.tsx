// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubMatchMedia } from '../test-support/match-media';

// The colour scheme reads localStorage when it loads: each test loads fresh copies.
const load = async () => {
  vi.resetModules();
  return {
    scheme: await import('../lib/color-scheme'),
    theme: await import('./theme'),
    root: await import('./mantine-root'),
    mantine: await import('@mantine/core'),
  };
};

beforeAll(stubMatchMedia);
beforeEach(() => {
  localStorage.clear();
  document.documentElement.removeAttribute('data-mantine-color-scheme');
});
afterEach(cleanup);

describe('Mantine providers on the colour scheme (access-and-app-shell.md 4.7)', () => {
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
