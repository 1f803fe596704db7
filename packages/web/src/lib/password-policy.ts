import type { FormErrors } from '@mantine/form';
import type { TFunction } from 'i18next';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MESSAGES,
  PASSWORD_MIN_LENGTH,
  type PasswordProblemCode,
  newPasswordSchema,
  passwordChangeSettingsSchema,
  passwordLength,
} from '@zorgportaal/contract';
import { contractResolver } from './form.ts';

/**
 * The client's side of the password policy (security.md): the contract's rules, for live feedback
 * while typing and for the forms' validation. The server has the final word (it also checks the
 * list of common passwords).
 */
export interface PasswordChecks {
  /** Length in Unicode code points, as the server counts it. */
  length: number;
  longEnough: boolean;
  notTooLong: boolean;
  /** False when the password equals the username (case-insensitive); true when no username is known. */
  notUsername: boolean;
  /** True when the confirmation is non-empty and exactly the same string. */
  matches: boolean;
}

export { passwordLength };

export function checkNewPassword(
  password: string,
  confirmation: string,
  username?: string | null,
): PasswordChecks {
  const length = passwordLength(password);
  return {
    length,
    longEnough: length >= PASSWORD_MIN_LENGTH,
    notTooLong: length <= PASSWORD_MAX_LENGTH,
    notUsername: !username || password.toLowerCase() !== username.trim().toLowerCase(),
    matches: confirmation.length > 0 && password === confirmation,
  };
}

/** True when every check the client can make passes. */
export const passwordAcceptable = (checks: PasswordChecks): boolean =>
  checks.longEnough && checks.notTooLong && checks.notUsername && checks.matches;

/** Messages per field, as the server's `Fields` names them. */
export interface NewPasswordErrors {
  password?: string;
  password_confirmation?: string;
}

/** The translated message of each policy problem (the contract's are Dutch only). */
function passwordMessages(t: TFunction): Record<PasswordProblemCode, string> {
  return {
    TOO_SHORT: t('password.errors.tooShort', 'Het wachtwoord moet minimaal {{min}} tekens lang zijn.', {
      min: PASSWORD_MIN_LENGTH,
    }),
    TOO_LONG: t('password.errors.tooLong', 'Het wachtwoord mag maximaal {{max}} tekens lang zijn.', {
      max: PASSWORD_MAX_LENGTH,
    }),
    USERNAME: t('password.errors.username', 'Het wachtwoord mag niet gelijk zijn aan de gebruikersnaam.'),
    MISMATCH: t('password.errors.mismatch', 'De wachtwoorden komen niet overeen.'),
    COMMON: PASSWORD_MESSAGES.COMMON,
  };
}

/** Replaces the contract's Dutch policy messages by their translation; other messages stay. */
function translated<Values>(
  t: TFunction,
  resolve: (values: Values) => FormErrors,
): (values: Values) => FormErrors {
  const messages = passwordMessages(t);
  const byDutch = new Map(
    (Object.keys(messages) as PasswordProblemCode[]).map((code) => [PASSWORD_MESSAGES[code], messages[code]]),
  );
  return (values) => {
    const errors = resolve(values);
    for (const [path, message] of Object.entries(errors))
      errors[path] = typeof message === 'string' ? (byDutch.get(message) ?? message) : message;
    return errors;
  };
}

/** The validate option of a form with a new password twice (forced change, reset). */
export const newPasswordResolver = <Values extends NewPasswordErrors>(
  t: TFunction,
  username?: string | null,
) => translated<Values>(t, contractResolver<Values>(newPasswordSchema(username)));

/** The validate option of the change in account settings: the current password as well. */
export const passwordSettingsResolver = <Values>(t: TFunction, username?: string | null) =>
  translated<Values>(
    t,
    contractResolver<Values>(passwordChangeSettingsSchema(username), {
      current_password: t('settings.password.currentRequired', 'Vul uw huidige wachtwoord in.'),
    }),
  );

/** The client's message for the first failing check, per field; empty when the client sees no problem. */
export function newPasswordErrors(t: TFunction, checks: PasswordChecks): NewPasswordErrors {
  const messages = passwordMessages(t);
  const errors: NewPasswordErrors = {};
  if (!checks.longEnough) errors.password = messages.TOO_SHORT;
  else if (!checks.notTooLong) errors.password = messages.TOO_LONG;
  else if (!checks.notUsername) errors.password = messages.USERNAME;
  if (!checks.matches) errors.password_confirmation = messages.MISMATCH;
  return errors;
}

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH };
