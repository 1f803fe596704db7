import 'fake-indexeddb/auto';
import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { initReactI18next } from 'react-i18next';
import { i18n } from '../lib/i18n.ts';
import { resetNetworkState } from '../lib/network-state.ts';
import en from '../../public/locales/en.json';
import nl from '../../public/locales/nl.json';

// Route screens load their chunks lazily; on a busy 2-core CI machine that can take longer than
// Testing Library's default 1 s, which made waits fail without anything being wrong.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks IndexedDB (the offline queue and list cache): fake-indexeddb, above, is an in-memory one.

// jsdom lacks the layout APIs Mantine relies on.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;
window.HTMLElement.prototype.scrollIntoView = () => {};
window.scrollTo = (() => {}) as typeof window.scrollTo;

// Translations from the JSON files, synchronously (no HTTP backend in tests).
await i18n.use(initReactI18next).init({
  resources: { nl: { translation: nl }, en: { translation: en } },
  lng: 'nl',
  fallbackLng: 'nl',
  initAsync: false,
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
});

// The web tests share one module graph per worker (isolate: false, vite.config.ts): whatever a test
// changes outside its component goes back here, so no file sees another file's leftovers.
afterEach(async () => {
  cleanup();
  notifications.clean();
  notifications.cleanQueue();
  window.sessionStorage.clear();
  window.localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  // The files of a worker share modules: no request left unanswered by one test counts in the next.
  resetNetworkState();
  if (i18n.language !== 'nl') await i18n.changeLanguage('nl');
});
