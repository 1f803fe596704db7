import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { changeLanguage, isLanguage } from '../../../lib/i18n.ts';
import { SettingsSection } from './settings-section.tsx';

/** The interface language (kept in this browser, like the switch in the header). */
export function LanguageSection() {
  const { t, i18n } = useTranslation();
  const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'nl';
  return (
    <SettingsSection title={t('settings.language.title', 'Taal')} testId="settings-language-section">
      <SegmentedControl
        aria-label={t('language.label', 'Taal')}
        value={current}
        onChange={(value) => {
          if (isLanguage(value)) void changeLanguage(value);
        }}
        data={[
          { value: 'nl', label: t('language.nl', 'Nederlands') },
          { value: 'en', label: t('language.en', 'English') },
        ]}
        data-testid="settings-language"
        style={{ alignSelf: 'flex-start' }}
      />
    </SettingsSection>
  );
}
