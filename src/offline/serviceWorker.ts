/**
 * The service worker (docs/decisions/0205): registered once someone has signed in, so the login
 * page loads nothing for it; only in the production build (vite-plugin-pwa writes sw.js there).
 */
const OFFLINE_READY = 'flock:offline-ready';

/**
 * The answers a page read before the worker ran were not kept: once it takes the page over,
 * they are read again through it (react-query's by the layout, others by their screen through
 * this), so one visit is enough to open offline.
 */
export function onWorkerTakesOver(fn: () => void) {
  window.addEventListener(OFFLINE_READY, fn);
  return () => window.removeEventListener(OFFLINE_READY, fn);
}

export function registerServiceWorker(onFirstControl?: () => void) {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const sw = navigator.serviceWorker;
  if (!sw.controller)
    sw.addEventListener(
      'controllerchange',
      () => {
        onFirstControl?.();
        window.dispatchEvent(new Event(OFFLINE_READY));
      },
      { once: true },
    );
  void sw.register(`${import.meta.env.BASE_URL}sw.js`, { scope: import.meta.env.BASE_URL }).catch(() => undefined);
}

/** The API answers the worker keeps (vite.config.ts runtimeCaching): another person signing in on the phone must not read them. */
const API_CACHE = 'flock-api';

export async function forgetApiAnswers() {
  if (typeof caches === 'undefined') return;
  await caches.delete(API_CACHE).catch(() => false);
}
