import { vi } from 'vitest';

/** Mantine's ScrollArea watches its size with ResizeObserver, which jsdom lacks: one that never reports. */
export function stubResizeObserver(): void {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}
