import { AUDIT_ACTIONS, AUDIT_OBJECTS } from '@zorgportaal/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SecretBoxError, openSecret } from '../../platform/secret-box.ts';
import {
  assertNotLockedOut,
  assertStepUp,
  attemptKeys,
  countFailure,
  countSuccess,
  verifyTotp,
} from '../auth/public.ts';
import { accounts, totpEnrolments } from './tables.ts';
import { HttpError, twofaInvalid } from '../../platform/errors.ts';
import type { AccountRow } from '../accounts/public.ts';
import type { Db } from '../../platform/db/client.ts';
import { secretContext } from '../../platform/crypto.ts';

/** A generated secret must be confirmed within this time; after it the user scans a new QR code. */
export const ENROLMENT_TTL_MS = 30 * 60_000;

export const alreadyEnabled = () =>
  new HttpError(409, 'CONFLICT', 'Tweestapsverificatie staat al aan. Schakel deze eerst uit.');
const notEnabled = () => new HttpError(409, 'CONFLICT', 'Tweestapsverificatie staat niet aan.');
const nothingPending = () =>
  new HttpError(409, 'CONFLICT', 'Maak eerst een nieuwe QR-code aan en scan die met uw authenticator-app.');

/** Counts, logs and returns the 422 (or 429) for a wrong code in the settings. */
async function wrongCode(app: FastifyInstance, request: FastifyRequest, enabling: boolean, reason: string) {
  await app.audit.record(request, {
    action: AUDIT_ACTIONS.update,
    outcome: 'failure',
    objectType: AUDIT_OBJECTS.two_factor,
    objectId: request.caller!.accountId,
    detail: { enabled: enabling, reason },
  });
  return countFailure(app, attemptKeys(app, '2fa', request, request.caller!.username), twofaInvalid());
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
  const [pending] = await app.db
    .select()
    .from(totpEnrolments)
    .where(eq(totpEnrolments.accountId, account.id));
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
  await app.db.transaction(async (tx) => {
    // The pending secret was sealed with the same context, so it moves over as it is.
    await tx
      .update(accounts)
      .set({ totpEnabled: true, totpSecretEncrypted: pending.secretSealed, totpLastStep: result.step })
      .where(eq(accounts.id, account.id));
    await tx.delete(totpEnrolments).where(eq(totpEnrolments.accountId, account.id));
  });
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

/** Stores (or replaces) the account's pending TOTP secret; 2FA goes on only after a confirmed code. */
export async function savePendingSecret(db: Db, accountId: number, secretSealed: string): Promise<void> {
  await db
    .insert(totpEnrolments)
    .values({ accountId, secretSealed })
    .onConflictDoUpdate({
      target: totpEnrolments.accountId,
      set: { secretSealed, createdAt: new Date() },
    });
}

/** Switches the account's 2FA off and forgets its secret. */
export async function switchOffTwoFactor(db: Db, accountId: number): Promise<void> {
  await db
    .update(accounts)
    .set({ totpEnabled: false, totpSecretEncrypted: null, totpLastStep: null })
    .where(eq(accounts.id, accountId));
}
