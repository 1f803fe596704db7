import { CLIENT_ASSERTION_ALGORITHMS, CLIENT_ASSERTION_MAX_LIFETIME_SECONDS } from '@zorgportaal/contract';
import { createLocalJWKSet, decodeJwt, errors, jwtVerify, type JSONWebKeySet } from 'jose';
import type { Db } from '../../platform/db/client.ts';
import type { PublicJwks } from './keys.ts';
import { useAssertionJti } from './queries/index.ts';

/** Clocks differ a little between the client and us: this much is forgiven on exp, nbf and iat. */
export const CLOCK_TOLERANCE_SECONDS = 30;

/** Why an assertion was refused (the audit entry's reason; the client only hears `invalid_client`). */
export type AssertionFailure =
  | 'assertion_malformed'
  | 'assertion_signature'
  | 'assertion_expired'
  | 'assertion_too_long'
  | 'assertion_audience'
  | 'assertion_claims'
  | 'assertion_replayed';

/** The `iss` of a client assertion, read before it is verified (it names the client whose keys verify it). */
export function assertionIssuer(assertion: string): string | null {
  try {
    const { iss } = decodeJwt(assertion);
    return typeof iss === 'string' ? iss : null;
  } catch {
    return null;
  }
}

/**
 * Verifies a client assertion (RFC 7523 §3, SMART Backend Services): signed by one of the client's
 * registered keys with an allowed algorithm, `iss` and `sub` the client id, `aud` the token endpoint, an
 * `exp` that has not passed and lies at most five minutes ahead, and a `jti` never used before (stored
 * until it expires, so a replay fails on every instance). Null when valid, else why not.
 */
export async function verifyClientAssertion(
  db: Db,
  input: { assertion: string; clientRowId: number; clientId: string; keys: PublicJwks; tokenUrl: string },
  now = new Date(),
): Promise<AssertionFailure | null> {
  let payload;
  try {
    ({ payload } = await jwtVerify(
      input.assertion,
      createLocalJWKSet(input.keys as unknown as JSONWebKeySet),
      {
        algorithms: [...CLIENT_ASSERTION_ALGORITHMS],
        issuer: input.clientId,
        subject: input.clientId,
        audience: input.tokenUrl,
        requiredClaims: ['exp', 'jti'],
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        currentDate: now,
      },
    ));
  } catch (error) {
    if (error instanceof errors.JWTExpired) return 'assertion_expired';
    if (error instanceof errors.JWTClaimValidationFailed)
      return error.claim === 'aud' ? 'assertion_audience' : 'assertion_claims';
    if (
      error instanceof errors.JWSSignatureVerificationFailed ||
      error instanceof errors.JWKSNoMatchingKey ||
      error instanceof errors.JWKSMultipleMatchingKeys ||
      error instanceof errors.JOSEAlgNotAllowed
    )
      return 'assertion_signature';
    return 'assertion_malformed';
  }
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const exp = payload.exp!;
  if (exp > nowSeconds + CLIENT_ASSERTION_MAX_LIFETIME_SECONDS + CLOCK_TOLERANCE_SECONDS)
    return 'assertion_too_long';
  const jti: unknown = payload.jti;
  if (typeof jti !== 'string' || jti.length === 0 || jti.length > 255) return 'assertion_claims';
  const fresh = await useAssertionJti(
    db,
    {
      clientId: input.clientRowId,
      jti,
      expiresAt: new Date((exp + CLOCK_TOLERANCE_SECONDS) * 1000),
    },
    now,
  );
  return fresh ? null : 'assertion_replayed';
}
