import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { sessions } from '../db/schema/index.ts';

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
