import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { NewPasswordFields, type NewPasswordValues } from '../../../components/new-password-fields.tsx';
import { ApiRequestError, fieldErrors } from '../../../lib/api-errors.ts';
import { passwordSettingsResolver } from '../../../lib/password-policy.ts';
import { getAccount } from '../../../lib/session.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { useChangePassword } from '../api/change-password.ts';
import { apiErrorMessage as errorMessage } from '../../../lib/error-message.ts';
import { SettingsSection } from './settings-section.tsx';

type Values = NewPasswordValues & { current_password: string };

/** Change password: the current one and the new one twice (security.md), for the session's account. */
export function ChangePasswordSection() {
  const { t } = useTranslation();
  const account = getAccount();
  const change = useChangePassword();
  const form = useForm<Values>({
    initialValues: { current_password: '', password: '', password_confirmation: '' },
    validate: passwordSettingsResolver(t, account?.Username),
  });

  const handleSubmit = form.onSubmit((values) => {
    if (!account) return;
    change.mutate(
      { account_id: account.Id, ...values },
      {
        onSuccess: () => {
          form.reset();
          toastSuccess(t('settings.password.changed', 'Uw wachtwoord is gewijzigd.'));
        },
        onError: (error) => {
          // 401 INVALID_CREDENTIALS is the wrong current password (another 401 is an ended session).
          if (
            error instanceof ApiRequestError &&
            error.status === 401 &&
            error.code === 'INVALID_CREDENTIALS'
          ) {
            const message = t('settings.password.currentWrong', 'Het huidige wachtwoord klopt niet.');
            form.setErrors({ current_password: message });
            return toastError(message);
          }
          const fields = fieldErrors(error);
          form.setErrors({ password: fields.password, password_confirmation: fields.password_confirmation });
          toastError(
            error instanceof ApiRequestError && error.status === 429
              ? t('auth.errors.tooManyAttempts', 'Te veel inlogpogingen. Probeer het later opnieuw.')
              : errorMessage(t, error),
          );
        },
      },
    );
  });

  return (
    <SettingsSection title={t('settings.password.title', 'Wachtwoord wijzigen')} testId="settings-password">
      <form onSubmit={handleSubmit} noValidate aria-busy={change.isPending}>
        <Stack gap="sm" maw={420}>
          <PasswordInput
            label={t('settings.password.current', 'Huidig wachtwoord')}
            name="current_password"
            autoComplete="current-password"
            required
            {...form.getInputProps('current_password')}
            visibilityToggleFocusable
            visibilityToggleButtonProps={{
              'aria-label': t('auth.login.toggleVisibility', 'Invoer tonen of verbergen'),
            }}
            data-testid="current-password"
          />
          <NewPasswordFields form={form} username={account?.Username} />
          <Group>
            <Button type="submit" loading={change.isPending} data-testid="settings-password-submit">
              {t('settings.password.submit', 'Wachtwoord wijzigen')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsSection>
  );
}
