import type { PasswordCheck } from '../account-security/password-policy.ts';
import { HttpError } from '../plugins/app/api-errors.ts';

/**
 * Refusals of the account-security calls. Login-related ones carry the RFC 6749 fields
 * `error` / `error_description` like the other /oauth/token errors, so one client mapping covers them.
 */

/** 429 with `Retry-After` (set by the account-security plugin's onError hook from `retryAfterSeconds`). */
export class TooManyAttemptsError extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(
      429,
      'TOO_MANY_ATTEMPTS',
      `Te veel mislukte pogingen. Probeer het over ${minutes} ${minutes === 1 ? 'minuut' : 'minuten'} opnieuw.`,
      {
        error: 'slow_down',
        error_description: `Too many attempts; retry after ${retryAfterSeconds} seconds.`,
      },
    );
  }
}

/** A wrong or replayed code, or an unknown, expired or used twofa_uuid: one answer for all (spec §8 2FA_INVALID). */
export const twofaInvalid = () =>
  new HttpError(422, '2FA_INVALID', 'De code is onjuist of verlopen. Probeer het opnieuw.', {
    Fields: { totp: 'De code is onjuist of verlopen.' },
    error: 'invalid_grant',
    error_description: 'Invalid, expired or already used two-factor code.',
  });

export const twofaNotEnabled = () =>
  new HttpError(400, 'VALIDATION_FAILED', 'Tweestapsverificatie staat niet aan voor dit account.', {
    error: 'invalid_request',
    error_description: 'Two-factor authentication is not enabled for this account.',
  });

export const wrongCurrentPassword = () =>
  new HttpError(401, 'INVALID_CREDENTIALS', 'Het huidige wachtwoord is onjuist.', {
    Fields: { current_password: 'Het huidige wachtwoord is onjuist.' },
  });

/** 422 naming the field (`password` or `password_confirmation`) with the policy's Dutch message. */
export const passwordRejected = (check: Extract<PasswordCheck, { ok: false }>) =>
  new HttpError(422, 'VALIDATION_FAILED', check.message, { Fields: { [check.field]: check.message } });

export const resetLinkUnknown = () =>
  new HttpError(
    400,
    'VALIDATION_FAILED',
    'Deze link om uw wachtwoord opnieuw in te stellen is ongeldig. Vraag een nieuwe link aan.',
    { Fields: { token: 'Ongeldige link.' } },
  );

export const resetLinkGone = () =>
  new HttpError(
    410,
    'VALIDATION_FAILED',
    'Deze link is al gebruikt of verlopen. Vraag via "Wachtwoord vergeten" een nieuwe link aan.',
    { Fields: { token: 'De link is al gebruikt of verlopen.' } },
  );
