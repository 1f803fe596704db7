import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { localesBackend } from './i18n-backend.ts';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@zorgportaal/contract';

/** The chosen language survives reloads and new tabs (unlike the session). */
export const LANGUAGE_STORAGE_KEY = 'zorgportaal.language';

export const isLanguage = (value: unknown): value is Language =>
  (LANGUAGES as readonly unknown[]).includes(value);

export function storedLanguage(): Language {
  try {
    const value = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

/** Keeps <html lang> in step with i18next (lib/dayjs.ts does the same for dayjs). */
function applyLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

i18n.on('languageChanged', applyLanguage);

/** Loads translations from /locales/{lng}.json (spec §1); nl is default and fallback. */
export function initI18n(): Promise<unknown> {
  return i18n
    .use(localesBackend)
    .use(initReactI18next)
    .init({
      lng: storedLanguage(),
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      load: 'languageOnly',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
}

export async function changeLanguage(language: Language): Promise<void> {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage may be unavailable (private mode); the switch still works for this page.
  }
  await i18n.changeLanguage(language);
}

export { i18n };
