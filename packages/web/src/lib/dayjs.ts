import dayjs from 'dayjs';
import 'dayjs/locale/nl';
import { i18n, storedLanguage } from './i18n.ts';

/**
 * dayjs in the language of i18next. Kept out of i18n.ts so the screens that format dates load dayjs,
 * not the /login page (which only needs the translations).
 */
const applyLanguage = (language: string) => void dayjs.locale(language === 'nl' ? 'nl' : 'en');
applyLanguage(i18n.language ?? storedLanguage());
i18n.on('languageChanged', applyLanguage);

export default dayjs;
