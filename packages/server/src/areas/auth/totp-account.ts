import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SecretBoxError, openSecret } from '../../platform/secret-box.ts';
import { type TotpVerification, verifyTotp } from './totp.ts';
import type { Db } from '../../platform/db/client.ts';
import { accounts } from './tables.ts';
import type { AccountRow } from '../accounts/public.ts';
import { secretContext } from '../../platform/crypto.ts';

/** Outcome of {@link checkAccountCode}: ok only when the code was right AND its step was claimed. */
export type AccountCodeCheck =
  { ok: true; step: number } | { ok: false; reason: 'invalid' | 'replay' | 'no_secret' };

/**
 * Records `step` as the account's last used TOTP step, only if it is newer than the stored one
 * (`... WHERE totp_last_step IS NULL OR totp_last_step < $step`). No row updated means another
 * request (maybe on another instance) used this code or a later one first: a replay.
 */
export async function claimTotpStep(db: Db, accountId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(accounts)
    .set({ totpLastStep: step })
    .where(
      and(eq(accounts.id, accountId), or(isNull(accounts.totpLastStep), lt(accounts.totpLastStep, step))),
    )
    .returning({ id: accounts.id });
  return rows.length === 1;
}

/** The account's active TOTP secret, or null when it has none or it does not open (wrong key, copied row). */
export function openAccountSecret(app: FastifyInstance, account: AccountRow): string | null {
  if (!account.totpSecretEncrypted) return null;
  try {
    return openSecret(account.totpSecretEncrypted, app.config.secretKey, secretContext(account.id));
  } catch (err) {
    if (err instanceof SecretBoxError) {
      app.log.error({ accountId: account.id }, 'TOTP secret does not open with SECRET_KEY');
      return null;
    }
    throw err;
  }
}

/** Verifies a code against the account's active secret and claims its step (each code works once). */
export async function checkAccountCode(
  app: FastifyInstance,
  account: AccountRow,
  code: string,
): Promise<AccountCodeCheck> {
  const secret = openAccountSecret(app, account);
  if (!secret) return { ok: false, reason: 'no_secret' };
  const result: TotpVerification = verifyTotp(secret, code, account.totpLastStep);
  if (!result.ok) return result;
  if (!(await claimTotpStep(app.db, account.id, result.step))) return { ok: false, reason: 'replay' };
  return result;
}
