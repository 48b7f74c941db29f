import { createTheme, type CSSVariablesResolver, type MantineColorSchemeManager } from '@mantine/core';
import { getColorScheme, onColorScheme, setColorScheme } from '../lib/color-scheme';

export const theme = createTheme({
  primaryColor: 'cyan',
  // Shade 9 in light mode: white on cyan 8 is under the 4.5:1 contrast WCAG AA asks of text.
  primaryShade: { light: 9, dark: 5 },
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Devanagari", "Noto Sans Gujarati", "Noto Sans Tamil", "Noto Sans Telugu", sans-serif',
  defaultRadius: 'md',
});

/**
 * A Mantine provider's view of the app's one colour-scheme value (lib/color-scheme.ts). Mantine's
 * manager holds a single subscription (`unsubscribe` takes no argument), so each provider gets its
 * own manager.
 */
export function createColorSchemeManager(): MantineColorSchemeManager {
  let stop: (() => void) | undefined;
  return {
    get: () => getColorScheme(),
    set: (value) => setColorScheme(value === 'dark' ? 'dark' : 'light'),
    subscribe: (onUpdate) => {
      stop?.();
      stop = onColorScheme(onUpdate);
    },
    unsubscribe: () => {
      stop?.();
      stop = undefined;
    },
    clear: () => setColorScheme('light'),
  };
}

/**
 * Text contrast of at least 4.5:1 (WCAG AA; e2e/accessibility.spec.ts scans for it) in light mode:
 * secondary ("dimmed") text in gray 7 rather than Mantine's gray 6 (3.3:1 on white), a field's error
 * message in red 9 (5.5:1) rather than red 6 (3.3:1; the filled red already takes shade 9), and light
 * variants (tinted badges and buttons) as a darkened shade 9 on shade 0: the default shade 6 on its
 * pale tint is under 4.5:1 for yellow, orange, lime, teal, cyan and others.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': t.colors.gray[7]!,
    '--mantine-color-error': t.colors.red[9]!,
    ...Object.fromEntries(
      Object.entries(t.colors).flatMap(([name, shades]) => [
        [`--mantine-color-${name}-light`, shades[0]!],
        [`--mantine-color-${name}-light-color`, `color-mix(in srgb, ${shades[9]!} 65%, black)`],
      ]),
    ),
  },
  dark: { '--mantine-color-dimmed': t.colors.dark[1]! },
});
