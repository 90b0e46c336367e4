/** Spec sections 7 and 9: the worker is asked to check for an update every 60 minutes. */
export const SERVICE_WORKER_UPDATE_INTERVAL_MS = 60 * 60 * 1000;
export const SERVICE_WORKER_URL = '/service-worker.js';

/** Registers /service-worker.js once the page has loaded, then checks for updates hourly. */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;

  const register = () => {
    navigator.serviceWorker
      .register(SERVICE_WORKER_URL)
      .then((registration) => {
        window.setInterval(() => {
          registration.update().catch((error: unknown) => console.warn('Service worker update check failed', error));
        }, SERVICE_WORKER_UPDATE_INTERVAL_MS);
      })
      .catch((error: unknown) => console.error('Service worker registration failed', error));
  };

  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
