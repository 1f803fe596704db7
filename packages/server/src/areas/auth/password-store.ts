import type { Db } from '../../platform/db/client.ts';
import { storePasswordHash } from '../accounts/public.ts';
import { voidResetTokens } from './queries/index.ts';
import { revokeAccountSessions } from './sessions/queries/index.ts';

/**
 * Stores a new password hash (made with hashPassword beforehand, outside any transaction, because
 * argon2 takes a while) and does what always goes with it: clear the forced-change flag, end the
 * other sessions and void outstanding reset links. Call it inside a transaction. TOTP stays as it
 * is: a new password never switches 2FA off (security.md).
 */
export async function storePassword(
  db: Db,
  accountId: number,
  passwordHash: string,
  opts: { reason: 'password_change' | 'password_reset'; keepSessionId?: string },
): Promise<{ revokedSessions: number }> {
  await storePasswordHash(db, accountId, passwordHash);
  await voidResetTokens(db, [accountId]);
  const revokedSessions = await revokeAccountSessions(db, accountId, opts.reason, opts.keepSessionId);
  return { revokedSessions };
}
