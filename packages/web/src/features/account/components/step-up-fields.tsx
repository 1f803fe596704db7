import { PasswordInput, TextInput } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { FormErrors } from '@mantine/form';
import { apiErrorMessage, ApiRequestError, fieldErrors } from '../../../lib/api-errors.ts';
import { showServerFieldErrors } from '../../../lib/form.ts';
import { toastError } from '../../../lib/toast.ts';

/** The step-up fields (security.md "Step-up"): the current password, plus the code when 2FA is on. */
export interface StepUpValues {
  current_password: string;
  totp: string;
}

export const emptyStepUp: StepUpValues = { current_password: '', totp: '' };

/** The body fields the API expects: the code only for an account with 2FA on, spaces dropped. */
export const stepUpBody = (values: StepUpValues, needsCode: boolean) => ({
  current_password: values.current_password,
  ...(needsCode ? { totp: values.totp.replace(/\s+/g, '') } : {}),
});

/** Client check before sending: both fields are required (the server answers 400 naming them too). */
export function validateStepUp(t: TFunction, values: StepUpValues, needsCode: boolean) {
  const errors: Partial<Record<keyof StepUpValues, string>> = {};
  if (!values.current_password)
    errors.current_password = t('stepUp.passwordRequired', 'Vul uw huidige wachtwoord in.');
  if (needsCode && !/^\d{6}$/.test(values.totp.replace(/\s+/g, '')))
    errors.totp = t('auth.twoFactor.codeFormat', 'De verificatiecode bestaat uit 6 cijfers.');
  return errors;
}

/**
 * The field errors of a refused step-up, or null when the error is about something else:
 * 401 INVALID_CREDENTIALS is a wrong current password, 422 2FA_INVALID a wrong code.
 */
export function stepUpErrors(
  t: TFunction,
  error: unknown,
): Partial<Record<keyof StepUpValues, string>> | null {
  if (!(error instanceof ApiRequestError)) return null;
  if (error.status === 401 && error.code === 'INVALID_CREDENTIALS')
    return { current_password: t('stepUp.passwordWrong', 'Het huidige wachtwoord klopt niet.') };
  if (error.status === 422 && error.code === '2FA_INVALID')
    return { totp: t('auth.errors.twoFactorInvalid', 'De verificatiecode is ongeldig.') };
  const fields = fieldErrors(error);
  if (fields.current_password || fields.totp)
    return { current_password: fields.current_password, totp: fields.totp };
  return null;
}

/**
 * A refused save that carried step-up fields: the code is emptied (it may not be used again), a wrong
 * password or code lands on its input, other field errors on the form's inputs, and a toast says why.
 */
export function showStepUpRefusal(
  t: TFunction,
  error: unknown,
  stepUpForm: {
    setFieldValue: (path: 'totp', value: string) => void;
    setErrors: (errors: FormErrors) => void;
  },
  form: { setErrors: (errors: FormErrors) => void },
) {
  stepUpForm.setFieldValue('totp', '');
  const stepUp = stepUpErrors(t, error);
  if (stepUp) stepUpForm.setErrors(stepUp);
  else showServerFieldErrors(form, error);
  toastError(stepUp?.current_password ?? stepUp?.totp ?? apiErrorMessage(t, error));
}

/**
 * The two inputs; `inputProps` is the form's getInputProps for these paths. `codeOnly` where the
 * form has its own current-password field (the password change).
 */
export function StepUpFields({
  needsCode,
  codeOnly = false,
  inputProps,
  testId,
}: {
  needsCode: boolean;
  codeOnly?: boolean;
  inputProps: (field: keyof StepUpValues) => object;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      {codeOnly ? null : (
        <PasswordInput
          label={t('stepUp.currentPassword', 'Huidig wachtwoord')}
          description={t('stepUp.why', 'Ter bevestiging dat u het zelf bent.')}
          autoComplete="current-password"
          maxLength={1024}
          {...inputProps('current_password')}
          data-testid={`${testId}-current-password`}
        />
      )}
      {needsCode ? (
        <TextInput
          label={t('stepUp.code', 'Code uit uw authenticator-app')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={10}
          w={220}
          {...inputProps('totp')}
          data-testid={`${testId}-totp`}
        />
      ) : null}
    </>
  );
}
