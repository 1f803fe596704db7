import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client.ts';
import { passwordResetTokens } from './tables.ts';

/** The reset link's row by its token's hash (used, expired or not); undefined for an unknown link. */
export async function findResetToken(db: Db, hash: string) {
  const [row] = await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.hash, hash));
  return row;
}

/**
 * Marks the link used. Compare-and-set: of two requests with the same link only one gets true; a
 * link used or expired meanwhile gets false.
 */
export async function claimResetToken(tx: Tx, hash: string): Promise<boolean> {
  const claimed = await tx
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordResetTokens.hash, hash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, new Date()),
      ),
    )
    .returning({ hash: passwordResetTokens.hash });
  return claimed.length === 1;
}
