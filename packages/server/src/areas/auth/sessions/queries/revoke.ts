import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../../../platform/db/client.ts';
import { sessions } from '../../tables.ts';

/**
 * Ends one session (logout, refresh-token reuse, an account that may no longer log in): its whole
 * token family stops at once, because every token lookup checks its session.
 */
export async function revokeSession(db: Db, sessionId: string, reason: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/**
 * Ends every live session of an account at once (force logout, deactivation, password change or reset,
 * "dit was ik niet", purge), except `keepSessionId` when given: a password change in the settings keeps
 * the caller's own session. Takes effect on all instances immediately; returns how many were revoked.
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
