/** Registers the build's service worker; the dev server has none. */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('./sw.js').catch((error: unknown) => {
    // Offline use is an extra: the app works without it, so a failure is only reported.
    console.info('archex: no offline support:', error);
  });
}
