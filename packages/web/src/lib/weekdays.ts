import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/**
 * The weekdays, Monday first as ISO counts them (index 0 is ISO weekday 1), named from the locale
 * files: short ("ma" … "zo") for lists and columns, long ("maandag" …) for printed calendars.
 */
export const weekdayNames = (t: TFunction): string[] => [
  t('weekday.mon', 'ma'),
  t('weekday.tue', 'di'),
  t('weekday.wed', 'wo'),
  t('weekday.thu', 'do'),
  t('weekday.fri', 'vr'),
  t('weekday.sat', 'za'),
  t('weekday.sun', 'zo'),
];

export const weekdayLongNames = (t: TFunction): string[] => [
  t('weekdayLong.mon', 'maandag'),
  t('weekdayLong.tue', 'dinsdag'),
  t('weekdayLong.wed', 'woensdag'),
  t('weekdayLong.thu', 'donderdag'),
  t('weekdayLong.fri', 'vrijdag'),
  t('weekdayLong.sat', 'zaterdag'),
  t('weekdayLong.sun', 'zondag'),
];

/** Short weekday names in the current language, Monday first. */
export function useWeekdays(): string[] {
  const { t } = useTranslation();
  return weekdayNames(t);
}
