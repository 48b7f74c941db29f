/**
 * Applies the style sheets the built page preloads (build/page-styles.ts: they do not block the
 * first paint of the static shell) and resolves once they are in, so the app's first render is
 * styled. A sheet that fails to load does not stop the app. In development Vite injects the styles
 * itself and there is nothing to wait for.
 */
export function applyPageStyles(): Promise<void> {
  const preloads = [...document.querySelectorAll<HTMLLinkElement>('link[data-ki-styles]')];
  return Promise.all(
    preloads.map(
      (preload) =>
        new Promise<void>((resolve) => {
          const sheet = document.createElement('link');
          sheet.rel = 'stylesheet';
          if (preload.crossOrigin !== null) sheet.crossOrigin = preload.crossOrigin;
          sheet.addEventListener('load', () => resolve(), { once: true });
          sheet.addEventListener('error', () => resolve(), { once: true });
          sheet.href = preload.href;
          preload.after(sheet);
        }),
    ),
  ).then(() => undefined);
}
