import type { TFunction } from 'i18next';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@zorgportaal/contract';

/**
 * The client's mirror of the password policy (security.md), for live feedback while typing.
 * The server has the final word (it also checks the list of common passwords).
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

export const passwordLength = (password: string): number => [...password].length;

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

/** The client's message for the first failing check, per field; empty when the client sees no problem. */
export function newPasswordErrors(t: TFunction, checks: PasswordChecks): NewPasswordErrors {
  const errors: NewPasswordErrors = {};
  if (!checks.longEnough)
    errors.password = t(
      'password.errors.tooShort',
      'Het wachtwoord moet minimaal {{min}} tekens lang zijn.',
      {
        min: PASSWORD_MIN_LENGTH,
      },
    );
  else if (!checks.notTooLong)
    errors.password = t('password.errors.tooLong', 'Het wachtwoord mag maximaal {{max}} tekens lang zijn.', {
      max: PASSWORD_MAX_LENGTH,
    });
  else if (!checks.notUsername)
    errors.password = t(
      'password.errors.username',
      'Het wachtwoord mag niet gelijk zijn aan de gebruikersnaam.',
    );
  if (!checks.matches)
    errors.password_confirmation = t('password.errors.mismatch', 'De wachtwoorden komen niet overeen.');
  return errors;
}

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH };
