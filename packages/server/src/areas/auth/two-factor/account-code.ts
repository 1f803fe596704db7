import type { FastifyInstance } from 'fastify';
import { secretContext } from '../../../platform/crypto.ts';
import { SecretBoxError, openSecret } from '../../../platform/secret-box.ts';
import { type AccountRow, claimTotpStep } from '../../accounts/public.ts';
import { type TotpVerification, verifyTotp } from './totp.ts';

/** Outcome of {@link checkAccountCode}: ok only when the code was right AND its step was claimed. */
export type AccountCodeCheck =
  | { ok: true; step: number }
  | { ok: false; reason: 'invalid' | 'replay' | 'no_secret' };

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

/**
 * Verifies a code against the account's active secret and claims its step (each code works once, on
 * every instance: the claim is a compare-and-set on the account's last used step).
 */
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
