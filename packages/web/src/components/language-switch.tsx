import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { changeLanguage, isLanguage } from '../lib/i18n.ts';

/** nl/en switch; the choice is kept in localStorage (lib/i18n). */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'nl';
  return (
    <SegmentedControl
      size="xs"
      aria-label={t('language.label', 'Taal')}
      data-testid="language-switch"
      value={current}
      onChange={(value) => {
        if (isLanguage(value)) void changeLanguage(value);
      }}
      data={[
        {
          value: 'nl',
          label: <span title={t('language.nl', 'Nederlands')}>{t('language.nlShort', 'NL')}</span>,
        },
        {
          value: 'en',
          label: <span title={t('language.en', 'English')}>{t('language.enShort', 'EN')}</span>,
        },
      ]}
    />
  );
}
