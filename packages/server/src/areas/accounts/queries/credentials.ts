import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../platform/db/client.ts';
import * as t from '../tables.ts';
import type { AccountRow } from './accounts.ts';

/**
 * The account's credential columns, written for the auth area (password, last login, 2FA), which checks
 * them, and for the profile (the e-mail addresses); this area owns the table, so every write to it is here.
 */

/** A new password hash (made with auth's hashPassword) also ends a forced change. */
export async function storePasswordHash(db: Db | Tx, accountId: number, passwordHash: string): Promise<void> {
  await db
    .update(t.accounts)
    .set({ passwordHash, mustChangePassword: false })
    .where(eq(t.accounts.id, accountId));
}

/** Records a completed login; the updated row. */
export async function recordLogin(db: Db, accountId: number, at: Date): Promise<AccountRow | undefined> {
  const [row] = await db
    .update(t.accounts)
    .set({ lastLogin: at })
    .where(eq(t.accounts.id, accountId))
    .returning();
  return row;
}

/**
 * Records `step` as the account's last used TOTP step, only if it is newer than the stored one
 * (`... WHERE totp_last_step IS NULL OR totp_last_step < $step`). No row updated means another
 * request (maybe on another instance) used this code or a later one first: a replay.
 */
export async function claimTotpStep(db: Db, accountId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(t.accounts)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(t.accounts.id, accountId),
        or(isNull(t.accounts.totpLastStep), lt(t.accounts.totpLastStep, step)),
      ),
    )
    .returning({ id: t.accounts.id });
  return rows.length === 1;
}

/** Switches 2FA on with a confirmed secret (sealed with the account id as context) and its used step. */
export async function enableTotp(
  tx: Tx,
  accountId: number,
  secretSealed: string,
  lastStep: number,
): Promise<void> {
  await tx
    .update(t.accounts)
    .set({ totpEnabled: true, totpSecretEncrypted: secretSealed, totpLastStep: lastStep })
    .where(eq(t.accounts.id, accountId));
}

/** Switches 2FA off and forgets the secret; the updated row. */
export async function disableTotp(db: Db | Tx, accountId: number): Promise<AccountRow | undefined> {
  const [row] = await db
    .update(t.accounts)
    .set({ totpEnabled: false, totpSecretEncrypted: null, totpLastStep: null })
    .where(eq(t.accounts.id, accountId))
    .returning();
  return row;
}

/** The account's e-mail addresses (where forgotten-password links go), as the owner edits them in the profile. */
export async function setEmailAddresses(
  db: Db | Tx,
  accountId: number,
  emailAddresses: string[],
): Promise<void> {
  await db.update(t.accounts).set({ emailAddresses }).where(eq(t.accounts.id, accountId));
}

/** The accounts listing this address (case-insensitive; one address may serve several accounts). */
export async function accountsWithEmail(db: Db, address: string): Promise<AccountRow[]> {
  return db
    .select()
    .from(t.accounts)
    .where(
      sql`exists (select 1 from unnest(${t.accounts.emailAddresses}) as e(address) where lower(e.address) = ${address})`,
    );
}

/** Whether the account holds a subscription to the product that runs at `now`. */
export async function hasSubscription(
  db: Db,
  accountId: number,
  productId: number,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .select()
    .from(t.accountSubscriptions)
    .where(
      and(eq(t.accountSubscriptions.accountId, accountId), eq(t.accountSubscriptions.productId, productId)),
    );
  return rows.some((s) => (!s.startsAt || s.startsAt <= now) && (!s.endsAt || s.endsAt >= now));
}
