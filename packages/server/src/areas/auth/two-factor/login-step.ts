import { AUDIT_ACTIONS, AUDIT_OBJECTS, type TokenRequest } from '@zorgportaal/contract';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccountRow } from '../../accounts/public.ts';
import { assertNotLockedOut, attemptKeys, countFailure, countSuccess } from '../attempt-guard.ts';
import { checkAccountCode } from './account-code.ts';
import { twofaInvalid } from './errors.ts';
import { challengeUsedSince, findChallenge, insertChallenge, useChallenge } from './queries.ts';

/** A `twofa_uuid` (password verified, code still to come) is valid for 5 minutes. */
export const TWOFA_CHALLENGE_TTL_SECONDS = 300;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * POST /oauth/2fa: after the password was verified, a challenge id that binds the code step to this
 * account for 5 minutes. The account's expired or used challenges are cleared on the way.
 */
export async function createTwofaChallenge(app: FastifyInstance, accountId: number, now = new Date()) {
  const id = randomUUID();
  const expiresAt = new Date(now.getTime() + TWOFA_CHALLENGE_TTL_SECONDS * 1000);
  await insertChallenge(app.db, { id, accountId, expiresAt }, now);
  return id;
}

/**
 * True when the account passed the 2FA step of a login within the challenge lifetime: the forced
 * password change (no session yet) of a 2FA account requires it, so the password alone cannot change it.
 */
export async function passedTwofaRecently(app: FastifyInstance, accountId: number, now = new Date()) {
  return challengeUsedSince(app.db, accountId, new Date(now.getTime() - TWOFA_CHALLENGE_TTL_SECONDS * 1000));
}

/** Why a code was refused, for the audit log only; the client always gets the same 422. */
async function refusal(
  app: FastifyInstance,
  account: AccountRow,
  form: TokenRequest,
): Promise<string | null> {
  const now = new Date();
  if (form.account_id !== account.id) return 'account_mismatch';
  const uuid = form.twofa_uuid ?? '';
  if (!UUID.test(uuid)) return 'challenge_unknown';
  const challenge = await findChallenge(app.db, uuid, account.id);
  if (!challenge || challenge.usedAt || challenge.expiresAt <= now) return 'challenge_invalid';
  const check = await checkAccountCode(app, account, form.totp ?? '');
  if (!check.ok) return `totp_${check.reason}`;
  // Only a right code uses up the challenge, so a typo can be corrected within the 5 minutes.
  return (await useChallenge(app.db, uuid, now)) ? null : 'challenge_invalid';
}

/** The 2FA step of the password grant (totp + account_id + twofa_uuid): passes, or throws 422 / 429. */
export async function verifyLoginCode(
  app: FastifyInstance,
  request: FastifyRequest,
  account: AccountRow,
  form: TokenRequest,
): Promise<void> {
  const keys = attemptKeys(app, '2fa', request, account.username);
  await assertNotLockedOut(app, keys);
  const reason = await refusal(app, account, form);
  if (reason === null) return countSuccess(app, keys);
  await app.audit.record(request, {
    action: AUDIT_ACTIONS.execute,
    outcome: 'failure',
    objectType: AUDIT_OBJECTS.login,
    objectId: account.id,
    actor: { userId: account.id, username: account.username, entityId: account.entityId },
    detail: { reason, step: '2fa' },
  });
  throw await countFailure(app, keys, twofaInvalid());
}
