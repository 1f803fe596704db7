import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { NewPasswordFields, type NewPasswordValues } from '../../../components/new-password-fields.tsx';
import { apiErrorMessage as errorMessage, ApiRequestError, fieldErrors } from '../../../lib/api-errors.ts';
import { passwordSettingsResolver } from '../../../lib/password-policy.ts';
import { getAccount } from '../../../lib/session.ts';
import { withFeedback } from '../../../lib/mutation-feedback.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { useChangePassword } from '../api/change-password.ts';
import { SettingsSection } from './settings-section.tsx';
import { useTwofaStatus } from '../api/get-twofa-status.ts';
import { StepUpFields, stepUpBody, stepUpErrors, validateStepUp } from './step-up-fields.tsx';

type Values = NewPasswordValues & { current_password: string; totp: string };

/** Change password: the current one and the new one twice (security.md), for the session's account. */
export function ChangePasswordSection() {
  const { t } = useTranslation();
  const account = getAccount();
  const change = useChangePassword();
  // With 2FA on, the change needs a current code as well (step-up).
  const needsCode = useTwofaStatus().data?.Enabled === true;
  const form = useForm<Values>({
    initialValues: { current_password: '', password: '', password_confirmation: '', totp: '' },
    validate: (values) => ({
      ...passwordSettingsResolver(t, account?.Username)(values),
      totp: needsCode ? validateStepUp(t, values, true).totp : undefined,
    }),
  });

  const handleSubmit = form.onSubmit((values) => {
    if (!account) return;
    const { totp: _code, ...change_ } = values;
    void withFeedback(
      change.mutateAsync({ account_id: account.Id, ...change_, ...stepUpBody(values, needsCode) }),
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
          const code = stepUpErrors(t, error)?.totp;
          if (code) {
            // A wrong code: the field is emptied for the next one.
            form.setFieldValue('totp', '');
            form.setErrors({ totp: code });
            return toastError(code);
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
          {needsCode ? (
            <StepUpFields
              needsCode
              codeOnly
              inputProps={(field) => form.getInputProps(field)}
              testId="settings-password"
            />
          ) : null}
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
