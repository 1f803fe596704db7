import { useTranslation } from 'react-i18next';

/** Short weekday names, Monday first, as a scheme lists its days. */
export function useWeekdays(): string[] {
  const { t } = useTranslation();
  return [
    t('trombosis.weekday.mon', 'ma'),
    t('trombosis.weekday.tue', 'di'),
    t('trombosis.weekday.wed', 'wo'),
    t('trombosis.weekday.thu', 'do'),
    t('trombosis.weekday.fri', 'vr'),
    t('trombosis.weekday.sat', 'za'),
    t('trombosis.weekday.sun', 'zo'),
  ];
}
