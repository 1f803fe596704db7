import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ipKey, userKey } from '../account-security/attempt-limiter.ts';
import type { HttpError } from '../plugins/app/api-errors.ts';
import { TooManyAttemptsError } from './security-errors.ts';

/**
 * Brute-force bookkeeping around the AttemptLimiter. Each kind of guess has its own counters, so
 * that e.g. a correct password (which clears the password counter) cannot reset the 2FA-code counter:
 * - login: passwords (/oauth/token, /oauth/2fa, the current password of /api/auth/passwordreset)
 * - 2fa: TOTP codes (login step and the settings' enable/disable)
 * - reset: forgotten-password tokens
 * - forgot: forgotten-password requests (each one sends a mail, so each one counts)
 */
export type AttemptScope = 'login' | '2fa' | 'reset' | 'forgot';

export interface AttemptKeys {
  /** Per username (or e-mail address); the only key a success may clear. */
  user: string | null;
  all: string[];
}

export function attemptKeys(
  scope: AttemptScope,
  request: FastifyRequest,
  subject: string | null,
): AttemptKeys {
  const user = subject === null ? null : `${scope}:${userKey(subject)}`;
  const ip = `${scope}:${ipKey(request.ip)}`;
  return { user, all: user ? [user, ip] : [ip] };
}

/** Before verifying anything: the 429 to throw when one of the keys is locked, else null. */
export async function lockedOut(
  app: FastifyInstance,
  keys: AttemptKeys,
): Promise<TooManyAttemptsError | null> {
  const state = await app.attemptLimiter.check(keys.all);
  return state.blocked ? new TooManyAttemptsError(state.retryAfterSeconds) : null;
}

export async function assertNotLockedOut(app: FastifyInstance, keys: AttemptKeys): Promise<void> {
  const error = await lockedOut(app, keys);
  if (error) throw error;
}

/**
 * Counts a failure and returns the error to throw: `refusal` (e.g. 401), or 429 when this failure
 * reached the limit, so the client learns about the lock at once instead of on the next try.
 */
export async function countFailure(
  app: FastifyInstance,
  keys: AttemptKeys,
  refusal: HttpError,
): Promise<HttpError> {
  const state = await app.attemptLimiter.fail(keys.all);
  return state.blocked ? new TooManyAttemptsError(state.retryAfterSeconds) : refusal;
}

/** After a success: clears the user's counter only (clearing the IP's would let one valid account reset it). */
export async function countSuccess(app: FastifyInstance, keys: AttemptKeys): Promise<void> {
  if (keys.user) await app.attemptLimiter.succeed([keys.user]);
}
