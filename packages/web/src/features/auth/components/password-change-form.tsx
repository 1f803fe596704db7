import { Alert, Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { NewPasswordFields, type NewPasswordValues } from '../../../components/new-password-fields.tsx';
import { newPasswordResolver, type NewPasswordErrors } from '../../../lib/password-policy.ts';

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
  const form = useForm<NewPasswordValues>({
    initialValues: { password: '', password_confirmation: '' },
    validate: newPasswordResolver(t, username),
  });

  const submit = async ({ password, password_confirmation }: NewPasswordValues) => {
    const refused = await onSubmit(password, password_confirmation);
    if (refused) form.setErrors({ ...refused });
  };
  const handleSubmit = form.onSubmit((values) => void submit(values));

  return (
    <form onSubmit={handleSubmit} noValidate aria-busy={loading} data-testid="password-change-form">
      <Stack gap="md">
        <Alert color="orange" variant="light">
          {t('auth.passwordChange.message', 'U moet uw wachtwoord wijzigen voordat u verder kunt.')}
        </Alert>
        <NewPasswordFields form={form} username={username} autoFocus />
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
