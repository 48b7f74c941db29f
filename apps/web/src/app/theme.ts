import { createTheme, localStorageColorSchemeManager, type MantineColorSchemeManager } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'cyan',
  primaryShade: { light: 8, dark: 5 },
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Devanagari", "Noto Sans Gujarati", "Noto Sans Tamil", "Noto Sans Telugu", sans-serif',
  defaultRadius: 'md',
});

const stored = localStorageColorSchemeManager({ key: 'ki.theme' });

/**
 * Light by default; the choice is kept in localStorage. Anything stored other than 'dark' or
 * 'light' reads as light (access-and-app-shell.md 4.7).
 */
export const colorSchemeManager: MantineColorSchemeManager = {
  ...stored,
  get: (defaultValue) => (stored.get(defaultValue) === 'dark' ? 'dark' : 'light'),
};
