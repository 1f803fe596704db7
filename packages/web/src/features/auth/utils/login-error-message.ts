import type { TFunction } from 'i18next';
import type { LoginOutcome } from '@zorgportaal/contract';

type LoginErrorCode = Extract<LoginOutcome, { kind: 'error' }>['code'];

/** The translated message of each login failure of the spec's catalogue (§8). */
export function loginErrorMessage(t: TFunction, code: LoginErrorCode): string {
  switch (code) {
    case 'INVALID_CREDENTIALS':
      return t('auth.errors.invalidCredentials', 'Ongeldige gebruikersnaam of wachtwoord.');
    case 'CANT_ACCESS_PRODUCT':
      return t('auth.errors.cantAccessProduct', 'U heeft geen toegang tot dit product.');
    case '2FA_INVALID':
      return t('auth.errors.twoFactorInvalid', 'De verificatiecode is ongeldig.');
    case 'TOO_MANY_ATTEMPTS':
      return t('auth.errors.tooManyAttempts', 'Te veel inlogpogingen. Probeer het later opnieuw.');
    case 'ERROR':
      return t('auth.errors.error', 'Er is iets misgegaan. Probeer het later opnieuw.');
  }
}
