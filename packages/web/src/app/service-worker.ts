import { useEffect, useSyncExternalStore } from 'react';
import { Workbox } from 'workbox-window';

/**
 * The service worker (built by vite-plugin-pwa: the app shell, translations and chunks precached; no API
 * answer is ever cached). A new version installs in the background and waits: it takes over only when
 * the nurse taps "Nieuwe versie beschikbaar", so an update never reloads the page in the middle of a
 * round (the offline queue is in IndexedDB and survives the reload the tap makes).
 */
let workbox: Workbox | null = null;
let waiting = false;
const listeners = new Set<() => void>();

function register(): void {
  // Only the built app has one (`vite build`); the dev server and tests have none.
  if (workbox || !import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', () => {
    waiting = true;
    listeners.forEach((listener) => listener());
  });
  void workbox.register().catch(() => undefined);
}

/** The nurse's tap: the waiting version takes over, then the page reloads into it. */
export function applyUpdate(): void {
  if (!workbox) return;
  workbox.addEventListener('controlling', () => window.location.reload());
  workbox.messageSkipWaiting();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** Registers once the signed-in app is up (the login page stays light), after the page's own loading. */
export function useServiceWorker(): boolean {
  useEffect(() => {
    if (document.readyState === 'complete') register();
    else window.addEventListener('load', register, { once: true });
  }, []);
  return useSyncExternalStore(subscribe, () => waiting);
}
