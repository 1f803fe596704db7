import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client.ts';
import { accountIpAllowList, notMeTokens, sessions, totpEnrolments } from './tables.ts';
import { voidResetTokens } from './queries/index.ts';
import { registerPurge } from '../../platform/purge.ts';

/**
 * Revokes every live session of an account at once (force logout, password change or reset), except
 * `keepSessionId` when given: a password change in the settings keeps the caller's own session.
 * Every token lookup checks its session, so this takes effect on all instances immediately.
 * Returns how many sessions were revoked.
 */
export async function revokeAccountSessions(
  db: Db | Tx,
  accountId: number,
  reason: string,
  keepSessionId?: string,
): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where(
      and(
        eq(sessions.accountId, accountId),
        isNull(sessions.revokedAt),
        keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  return rows.length;
}

// A purged person's accounts lose their 2FA enrolments, IP allow-lists, open reset and not-me links.
registerPurge('auth', async (tx, { accounts }) => {
  const ids = accounts.map((a) => a.id);
  if (ids.length === 0) return;
  await tx.delete(totpEnrolments).where(inArray(totpEnrolments.accountId, ids));
  await tx.delete(accountIpAllowList).where(inArray(accountIpAllowList.accountId, ids));
  await tx.delete(notMeTokens).where(inArray(notMeTokens.accountId, ids));
  await voidResetTokens(tx, ids);
});
