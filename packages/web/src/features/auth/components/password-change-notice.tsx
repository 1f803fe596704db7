import { Alert, Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Step PASSWORD_CHANGE: a placeholder until the account-security issue builds the form. */
export function PasswordChangeNotice({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" data-testid="password-change-step">
      <Alert color="orange" variant="light">
        {t('auth.passwordChange.message', 'U moet uw wachtwoord wijzigen voordat u verder kunt.')}
      </Alert>
      <div>
        <Button variant="default" onClick={onBack}>
          {t('auth.twoFactor.back', 'Terug')}
        </Button>
      </div>
    </Stack>
  );
}
