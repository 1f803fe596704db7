import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/VisuallyHidden.css';
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading.tsx';
import { ChangePasswordSection } from '../components/change-password-section.tsx';
import { IpAllowListSection } from '../components/ip-allow-list-section.tsx';
import { LanguageSection } from '../components/language-section.tsx';
import { TwoFactorSection } from '../components/two-factor-section.tsx';

/** /user/settings (Account Instellingen): password, two-factor login, IP allow-list and language. */
export default function SettingsPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" maw={820}>
      <PageHeading title={t('routes.settings', 'Account Instellingen')} />
      <ChangePasswordSection />
      <TwoFactorSection />
      <IpAllowListSection />
      <LanguageSection />
    </Stack>
  );
}
