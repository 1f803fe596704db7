import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type LimitKey, ipKey, userAddressKey, userKey } from '../../platform/attempts/attempt-limiter.ts';
import { type HttpError, TooManyAttemptsError } from '../../platform/errors.ts';

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
  /** Per username (or e-mail address) and per username+address: the only keys a success may clear. */
  user: string[];
  all: LimitKey[];
}

/**
 * The counters of one attempt: the username and the username from this address at the normal limit,
 * the address alone at the much higher address limit, so one user's typos (or someone trying names)
 * do not lock out every colleague behind the same NAT address.
 */
export function attemptKeys(
  app: FastifyInstance,
  scope: AttemptScope,
  request: FastifyRequest,
  subject: string | null,
): AttemptKeys {
  const ip: LimitKey = {
    key: `${scope}:${ipKey(request.ip)}`,
    maxFailures: app.attemptLimiter.policy.addressMaxFailures,
  };
  if (subject === null) return { user: [], all: [ip] };
  const user = [`${scope}:${userKey(subject)}`, `${scope}:${userAddressKey(subject, request.ip)}`];
  return { user, all: [...user, ip] };
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
  if (keys.user.length) await app.attemptLimiter.succeed(keys.user);
}
