import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../platform/db/client.ts';
import { notMeTokens, passwordResetTokens } from '../tables.ts';
import { RESET_TOKEN_TTL_MINUTES } from '../reset-token.ts';

/**
 * Stores reset tokens (their hashes) in one statement, whatever their number — none included — and retires
 * the earlier unused links of the same accounts, so only the newest mail counts. One statement for zero or
 * more: a forgotten-password request does the same database work for an unknown address as for a known one.
 */
export async function storeResetTokens(
  db: Db,
  rows: readonly { accountId: number; hash: string }[],
): Promise<void> {
  const input = JSON.stringify(rows.map((row) => ({ hash: row.hash, account_id: row.accountId })));
  await db.execute(sql`
    with input as (select * from jsonb_to_recordset(${input}::jsonb) as t(hash text, account_id integer)),
    retired as (
      update password_reset_tokens set used_at = now()
      where used_at is null and account_id in (select account_id from input)
    )
    insert into password_reset_tokens (hash, account_id, expires_at)
    select hash, account_id, now() + make_interval(mins => ${RESET_TOKEN_TTL_MINUTES}) from input`);
}

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

/** Voids the open reset links of these accounts (a new password, a "dit was ik niet", a purge). */
export async function voidResetTokens(db: Db | Tx, accountIds: number[]): Promise<void> {
  if (accountIds.length === 0) return;
  await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(and(inArray(passwordResetTokens.accountId, accountIds), isNull(passwordResetTokens.usedAt)));
}

/** Stores a new "dit was ik niet" link by its hash. */
export async function insertNotMeToken(
  db: Db,
  accountId: number,
  hash: string,
  expiresAt: Date,
): Promise<void> {
  await db.insert(notMeTokens).values({ hash, accountId, expiresAt });
}

/**
 * Marks a "dit was ik niet" link used. Compare-and-set, so it works once and only before it expires;
 * returns its account, or null for an unknown, used or expired link.
 */
export async function claimNotMeToken(tx: Tx, hash: string): Promise<number | null> {
  const [claimed] = await tx
    .update(notMeTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(notMeTokens.hash, hash), isNull(notMeTokens.usedAt), gt(notMeTokens.expiresAt, new Date())))
    .returning({ accountId: notMeTokens.accountId });
  return claimed?.accountId ?? null;
}
