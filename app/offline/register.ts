/** Registers the build's service worker; the dev server has none. */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // Offline use is an extra: the app works without it, so a refusal is only reported. A frame
  // sandboxed without allow-same-origin refuses even to hand out navigator.serviceWorker.
  const report = (error: unknown) => console.info('archex: no offline support:', error);
  try {
    navigator.serviceWorker.register('./sw.js').catch(report);
  } catch (error) {
    report(error);
  }
}
