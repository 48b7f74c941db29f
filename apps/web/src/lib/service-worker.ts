/** Registers the Workbox service worker built by vite-plugin-pwa (production builds only). */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      // Registration failures only cost offline support; the app keeps working online.
      console.warn('service worker registration failed', error);
    });
  });
}
