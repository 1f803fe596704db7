import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NewPasswordFields } from '../../../components/new-password-fields.tsx';
import { checkNewPassword, newPasswordErrors, type NewPasswordErrors } from '../../../lib/password-policy.ts';

interface PasswordChangeFormProps {
  loading: boolean;
  username: string | null;
  /** Resolves with the server's field messages when it refused the new password. */
  onSubmit: (password: string, confirmation: string) => Promise<NewPasswordErrors | undefined>;
  onBack: () => void;
}

/** Step PASSWORD_CHANGE of the login (lazy: only accounts flagged for a change need it). */
export default function PasswordChangeForm({ loading, username, onSubmit, onBack }: PasswordChangeFormProps) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<NewPasswordErrors>({});

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const local = newPasswordErrors(t, checkNewPassword(password, confirmation, username));
    setErrors(local);
    if (local.password || local.password_confirmation) return;
    setErrors((await onSubmit(password, confirmation)) ?? {});
  };

  return (
    <form
      onSubmit={(event) => void handleSubmit(event)}
      noValidate
      aria-busy={loading}
      data-testid="password-change-form"
    >
      <Stack gap="md">
        <Alert color="orange" variant="light">
          {t('auth.passwordChange.message', 'U moet uw wachtwoord wijzigen voordat u verder kunt.')}
        </Alert>
        <NewPasswordFields
          password={password}
          confirmation={confirmation}
          onPasswordChange={setPassword}
          onConfirmationChange={setConfirmation}
          username={username}
          errors={errors}
          autoFocus
        />
        <Group justify="space-between">
          <Button variant="default" onClick={onBack} disabled={loading}>
            {t('auth.twoFactor.back', 'Terug')}
          </Button>
          <Button type="submit" loading={loading} data-testid="password-change-submit">
            {t('auth.passwordChange.submit', 'Wachtwoord wijzigen')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
