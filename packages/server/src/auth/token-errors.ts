import type { LoginAction } from '@zorgportaal/contract';
import { HttpError } from '../plugins/app/api-errors.ts';

/**
 * Refusals of POST /oauth/token: the spec's statuses and Action (§4, §8) plus the RFC 6749 §5.2
 * fields `error` / `error_description`, so generic OAuth clients understand them too.
 */

/** Same status and body whether the username exists or not (ASVS 6.3.8). */
export const invalidCredentials = () =>
  new HttpError(401, 'INVALID_CREDENTIALS', 'Gebruikersnaam of wachtwoord is onjuist.', {
    error: 'invalid_grant',
    error_description: 'Invalid username or password.',
  });

export const invalidClient = () =>
  new HttpError(401, 'UNAUTHORIZED', 'Onbekende client.', {
    error: 'invalid_client',
    error_description: 'Unknown client_id.',
  });

/** A refresh token that is unknown, used, expired or of a revoked session. */
export const invalidRefreshToken = () =>
  new HttpError(401, 'UNAUTHORIZED', 'Uw sessie is verlopen. Log opnieuw in.', {
    error: 'invalid_grant',
    error_description: 'The refresh token is invalid, expired or revoked.',
  });

export const missingField = (field: string) =>
  new HttpError(400, 'VALIDATION_FAILED', 'De invoer is ongeldig.', {
    Fields: { [field]: 'Dit veld is verplicht.' },
    error: 'invalid_request',
    error_description: `Missing ${field}.`,
  });

const ACTION_MESSAGES: Record<LoginAction, string> = {
  no_access: 'U heeft geen toegang tot dit product.',
  ip_not_allowed: 'Inloggen vanaf dit adres is niet toegestaan.',
  '2fa_required': 'Voer de code uit uw authenticator-app in.',
  pwchange_required: 'U moet uw wachtwoord wijzigen voordat u verder kunt.',
};

/** 403 with the spec's Action; the client moves to the 2FA or password-change step or shows CANT_ACCESS_PRODUCT. */
export const loginStepRequired = (action: LoginAction, accountId?: number) =>
  new HttpError(
    403,
    action === 'no_access' || action === 'ip_not_allowed' ? 'CANT_ACCESS_PRODUCT' : 'FORBIDDEN',
    ACTION_MESSAGES[action],
    {
      Action: action,
      ...(accountId !== undefined && action !== 'no_access' && action !== 'ip_not_allowed'
        ? { account_id: accountId }
        : {}),
      error: 'access_denied',
      error_description: `Login refused: ${action}.`,
    },
  );
