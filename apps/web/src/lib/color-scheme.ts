import { STORAGE_KEYS } from './storage-keys';

/**
 * The light/dark choice (access-and-app-shell.md 4.7): light by default, kept in localStorage, and
 * anything stored other than 'dark' or 'light' reads as light. It lives here, not in Mantine, so the
 * learner's shell and home page (which carry no Mantine code) and every Mantine provider a page
 * brings share one value: the `data-mantine-color-scheme` attribute on <html> that the style sheets
 * read.
 */
export type ColorScheme = 'light' | 'dark';

const listeners = new Set<(scheme: ColorScheme) => void>();

function read(): ColorScheme {
  try {
    return localStorage.getItem(STORAGE_KEYS.theme) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

let current: ColorScheme = read();

export const getColorScheme = (): ColorScheme => current;

/** Applies the stored choice to <html>: called before the first render, so nothing flashes. */
export function applyColorScheme(): void {
  document.documentElement.setAttribute('data-mantine-color-scheme', current);
}

export function setColorScheme(scheme: ColorScheme): void {
  if (scheme === current) return;
  current = scheme;
  try {
    localStorage.setItem(STORAGE_KEYS.theme, scheme);
  } catch {
    // Private mode or a full quota: the choice lasts for this visit only.
  }
  applyColorScheme();
  for (const listener of listeners) listener(scheme);
}

/** Calls `listener` on every change (in this tab, or in another through the storage event). */
export function onColorScheme(listener: (scheme: ColorScheme) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEYS.theme) setColorScheme(read());
  });
}
