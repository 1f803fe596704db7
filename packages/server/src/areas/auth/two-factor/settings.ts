import { AUDIT_ACTIONS, AUDIT_OBJECTS } from '@zorgportaal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { secretContext } from '../../../platform/crypto.ts';
import { callerOf } from '../../../platform/scope.ts';
import { SecretBoxError, openSecret } from '../../../platform/secret-box.ts';
import type { AccountRow } from '../../accounts/public.ts';
import { assertNotLockedOut, attemptKeys, countFailure, countSuccess } from '../attempt-guard.ts';
import { assertStepUp } from '../step-up.ts';
import { alreadyEnabled, notEnabled, nothingPending, twofaInvalid } from './errors.ts';
import { confirmPendingSecret, findEnrolment } from './queries.ts';
import { verifyTotp } from './totp.ts';

/** A generated secret must be confirmed within this time; after it the user scans a new QR code. */
export const ENROLMENT_TTL_MS = 30 * 60_000;

/** Counts, logs and returns the 422 (or 429) for a wrong code in the settings. */
async function wrongCode(app: FastifyInstance, request: FastifyRequest, enabling: boolean, reason: string) {
  const caller = callerOf(request);
  await app.audit.record(request, {
    action: AUDIT_ACTIONS.update,
    outcome: 'failure',
    objectType: AUDIT_OBJECTS.two_factor,
    objectId: caller.accountId,
    detail: { enabled: enabling, reason },
  });
  return countFailure(app, attemptKeys(app, '2fa', request, caller.username), twofaInvalid());
}

/** POST /api/account/2fa: a right code from the pending secret switches 2FA on with that secret. */
export async function confirmEnrolment(
  app: FastifyInstance,
  request: FastifyRequest,
  account: AccountRow,
  code: string,
): Promise<void> {
  if (account.totpEnabled) throw alreadyEnabled();
  await assertNotLockedOut(app, attemptKeys(app, '2fa', request, account.username));
  const pending = await findEnrolment(app.db, account.id);
  if (!pending || Date.now() - pending.createdAt.getTime() > ENROLMENT_TTL_MS) throw nothingPending();
  let secret: string;
  try {
    secret = openSecret(pending.secretSealed, app.config.secretKey, secretContext(account.id));
  } catch (err) {
    if (err instanceof SecretBoxError) throw nothingPending();
    throw err;
  }
  const result = verifyTotp(secret, code, null);
  if (!result.ok) throw await wrongCode(app, request, true, `totp_${result.reason}`);
  await confirmPendingSecret(app.db, account.id, pending.secretSealed, result.step);
  await countSuccess(app, attemptKeys(app, '2fa', request, account.username));
  await app.audit.record(request, {
    action: AUDIT_ACTIONS.update,
    outcome: 'success',
    objectType: AUDIT_OBJECTS.two_factor,
    objectId: account.id,
    detail: { enabled: true },
  });
}

/**
 * DELETE /api/account/2fa: the account, once the step-up passed (current password and a current
 * code, not used before).
 */
export async function accountWithStepUp(
  app: FastifyInstance,
  request: FastifyRequest,
  account: AccountRow,
  proof: { current_password: string; totp: string },
): Promise<AccountRow> {
  if (!account.totpEnabled) throw notEnabled();
  await assertStepUp(app, request, account, proof, {
    objectType: AUDIT_OBJECTS.two_factor,
    objectId: account.id,
  });
  return account;
}
