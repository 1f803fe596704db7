import type { BackendModule, ReadCallback } from 'i18next';

/**
 * Loads /locales/{lng}.json (spec §1) with fetch: all i18next-http-backend did for us, in a few
 * lines instead of 20 kB on the /login page.
 */
export const localesBackend: BackendModule = {
  type: 'backend',
  init: () => {},
  read(language: string, _namespace: string, callback: ReadCallback) {
    fetch(`/locales/${encodeURIComponent(language)}.json`)
      .then(async (response) => {
        if (!response.ok) {
          // 4xx: no such language, do not retry; 5xx: i18next may retry.
          callback(new Error(`/locales/${language}.json: ${response.status}`), response.status >= 500);
          return;
        }
        callback(null, await response.json());
      })
      .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), true));
  },
};
