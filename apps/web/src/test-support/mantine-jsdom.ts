import { stubMatchMedia } from './match-media';

/**
 * What Mantine's components read that jsdom lacks, for a whole test file (set once, not through
 * vi.stubGlobal, so a test's vi.unstubAllGlobals leaves them): matchMedia (the colour scheme),
 * ResizeObserver (scroll areas; one that never reports) and document.fonts (autosized text areas).
 */
export function stubMantineBrowser(): void {
  stubMatchMedia();
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {} },
    configurable: true,
  });
}
