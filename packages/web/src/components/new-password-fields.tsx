import '@mantine/core/styles/VisuallyHidden.css';
import { PasswordInput, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import {
  checkNewPassword,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type PasswordChecks,
} from '../lib/password-policy.ts';

/** The values a form with a new password holds, named as the request body (and the server's `Fields`). */
export interface NewPasswordValues {
  password: string;
  password_confirmation: string;
}

interface NewPasswordFieldsProps<Values extends NewPasswordValues> {
  /** The form the two fields belong to; its errors are the client's own or the server's `Fields`. */
  form: UseFormReturnType<Values>;
  /** When known, the password may not equal it (security.md). */
  username?: string | null;
  autoFocus?: boolean;
}

function Rule({ ok, id, children }: { ok: boolean; id: string; children: string }) {
  const { t } = useTranslation();
  return (
    <Text size="sm" c={ok ? 'green.9' : 'dark.6'} data-testid={`password-rule-${id}`} data-ok={ok}>
      <span aria-hidden="true">{ok ? '✓ ' : '• '}</span>
      {children}{' '}
      <VisuallyHidden>
        {ok ? t('password.rules.met', '(voldaan)') : t('password.rules.notMet', '(nog niet voldaan)')}
      </VisuallyHidden>
    </Text>
  );
}

/**
 * The new password twice, with live feedback on the policy the client can check (length, match,
 * username). The feedback is plain text after the fields, not a live region: announcing the count
 * at every keystroke would drown a screen reader; problems are announced as field errors on submit.
 */
export function NewPasswordFields<Values extends NewPasswordValues>(props: NewPasswordFieldsProps<Values>) {
  const { t } = useTranslation();
  const { form, username } = props;
  const { password, password_confirmation: confirmation } = form.getValues();
  const checks: PasswordChecks = checkNewPassword(password, confirmation, username);
  const toggle = { 'aria-label': t('auth.login.toggleVisibility', 'Invoer tonen of verbergen') };
  return (
    <Stack gap="sm">
      <PasswordInput
        label={t('password.new', 'Nieuw wachtwoord')}
        name="password"
        autoComplete="new-password"
        required
        autoFocus={props.autoFocus}
        maxLength={PASSWORD_MAX_LENGTH * 2}
        {...form.getInputProps('password')}
        visibilityToggleFocusable
        visibilityToggleButtonProps={toggle}
        data-testid="new-password"
      />
      <PasswordInput
        label={t('password.confirmation', 'Herhaal het nieuwe wachtwoord')}
        name="password_confirmation"
        autoComplete="new-password"
        required
        {...form.getInputProps('password_confirmation')}
        visibilityToggleFocusable
        visibilityToggleButtonProps={toggle}
        data-testid="new-password-confirmation"
      />
      <Stack gap={2} data-testid="password-feedback">
        <Rule ok={checks.longEnough && checks.notTooLong} id="length">
          {t('password.rules.length', '{{min}} tot {{max}} tekens (nu {{count}})', {
            min: PASSWORD_MIN_LENGTH,
            max: PASSWORD_MAX_LENGTH,
            count: checks.length,
          })}
        </Rule>
        {username ? (
          <Rule ok={password.length > 0 && checks.notUsername} id="username">
            {t('password.rules.username', 'Niet gelijk aan uw gebruikersnaam')}
          </Rule>
        ) : null}
        <Rule ok={checks.matches} id="match">
          {t('password.rules.match', 'Beide wachtwoorden zijn gelijk')}
        </Rule>
        <Text size="xs" c="dark.6">
          {t('password.rules.common', 'Veelgebruikte wachtwoorden worden geweigerd.')}
        </Text>
      </Stack>
    </Stack>
  );
}
