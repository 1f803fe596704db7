import { Alert, Anchor, Paper, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading.tsx';

/** /forget-password: a placeholder until the account-security issue builds the form. */
export default function ForgetPasswordPage() {
  const { t } = useTranslation();
  return (
    <Paper withBorder shadow="sm" p="xl" radius="md">
      <Stack gap="lg">
        <PageHeading title={t('auth.forgetPassword.title', 'Wachtwoord vergeten')} />
        <Alert color="gray" variant="light" data-testid="not-available">
          {t('placeholder.notAvailable', 'Dit onderdeel is nog niet beschikbaar.')}
        </Alert>
        <Anchor component={Link} to="/login" size="sm">
          {t('auth.backToLogin', 'Terug naar inloggen')}
        </Anchor>
      </Stack>
    </Paper>
  );
}
