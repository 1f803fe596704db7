import { useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NewPasswordFields, type NewPasswordValues } from '../../../components/new-password-fields.tsx';
import { ApiRequestError } from '../../../lib/api-errors.ts';
import { showServerFieldErrors } from '../../../lib/form.ts';
import { newPasswordResolver } from '../../../lib/password-policy.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { resetForgottenPassword } from '../api/reset-forgotten-password.ts';
import { PasswordCard } from '../components/password-card.tsx';
import { resetErrorMessage } from '../utils/reset-error-message.ts';

/** /change-password/:token: the link from the forgotten-password e-mail; a new password twice. */
export default function ChangePasswordPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [loading, setLoading] = useState(false);
  const form = useForm<NewPasswordValues>({
    initialValues: { password: '', password_confirmation: '' },
    validate: newPasswordResolver(t),
  });

  const submit = async ({ password, password_confirmation }: NewPasswordValues) => {
    setLoading(true);
    try {
      await resetForgottenPassword({ token, password, password_confirmation });
    } catch (error) {
      setLoading(false);
      if (error instanceof ApiRequestError && error.status === 422) showServerFieldErrors(form, error);
      toastError(resetErrorMessage(t, error));
      return;
    }
    toastSuccess(
      t(
        'auth.changePassword.success',
        'Uw wachtwoord is ingesteld. U kunt nu inloggen met het nieuwe wachtwoord.',
      ),
    );
    await navigate('/login', { replace: true });
  };

  return (
    <PasswordCard title={t('auth.changePassword.title', 'Wachtwoord opnieuw instellen')}>
      <form
        onSubmit={form.onSubmit((values) => void submit(values))}
        noValidate
        aria-busy={loading}
        data-testid="reset-password-form"
      >
        <Stack gap="md">
          <Text size="sm">{t('auth.changePassword.help', 'Kies een nieuw wachtwoord voor uw account.')}</Text>
          <NewPasswordFields form={form} autoFocus />
          <Button type="submit" loading={loading} fullWidth data-testid="reset-password-submit">
            {t('auth.changePassword.submit', 'Wachtwoord instellen')}
          </Button>
        </Stack>
      </form>
    </PasswordCard>
  );
}
