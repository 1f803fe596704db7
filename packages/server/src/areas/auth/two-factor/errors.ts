import { HttpError } from '../../../platform/errors.ts';

/** A wrong or replayed code, or an unknown, expired or used twofa_uuid: one answer for all (spec §8 2FA_INVALID). */
export const twofaInvalid = () =>
  new HttpError(422, '2FA_INVALID', 'De code is onjuist of verlopen. Probeer het opnieuw.', {
    Fields: { totp: 'De code is onjuist of verlopen.' },
    error: 'invalid_grant',
    error_description: 'Invalid, expired or already used two-factor code.',
  });

/** POST /oauth/2fa for an account without 2FA. */
export const twofaNotEnabled = () =>
  new HttpError(400, 'VALIDATION_FAILED', 'Tweestapsverificatie staat niet aan voor dit account.', {
    error: 'invalid_request',
    error_description: 'Two-factor authentication is not enabled for this account.',
  });

/** The settings: a new secret or enabling while 2FA is on (a stolen session must not move it). */
export const alreadyEnabled = () =>
  new HttpError(409, 'CONFLICT', 'Tweestapsverificatie staat al aan. Schakel deze eerst uit.');

export const notEnabled = () => new HttpError(409, 'CONFLICT', 'Tweestapsverificatie staat niet aan.');

export const nothingPending = () =>
  new HttpError(409, 'CONFLICT', 'Maak eerst een nieuwe QR-code aan en scan die met uw authenticator-app.');
