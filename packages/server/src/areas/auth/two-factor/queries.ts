import { and, eq, gt, inArray, isNotNull, isNull, lte, or } from 'drizzle-orm';
import type { Db, Tx } from '../../../platform/db/client.ts';
import { type AccountRow, disableTotp, enableTotp } from '../../accounts/public.ts';
import { totpEnrolments, twofaChallenges } from '../tables.ts';

// --- The login step: challenges ------------------------------------------------------------------

/** Stores a new challenge after clearing the account's expired or used ones. */
export async function insertChallenge(
  db: Db,
  challenge: { id: string; accountId: number; expiresAt: Date },
  now: Date,
): Promise<void> {
  await db
    .delete(twofaChallenges)
    .where(
      and(
        eq(twofaChallenges.accountId, challenge.accountId),
        or(lte(twofaChallenges.expiresAt, now), isNotNull(twofaChallenges.usedAt)),
      ),
    );
  await db.insert(twofaChallenges).values(challenge);
}

/** The account's challenge with this id (used, expired or not), or undefined. */
export async function findChallenge(db: Db, id: string, accountId: number) {
  const [challenge] = await db
    .select()
    .from(twofaChallenges)
    .where(and(eq(twofaChallenges.id, id), eq(twofaChallenges.accountId, accountId)));
  return challenge;
}

/** Uses the challenge up (compare-and-set): false when it was used or expired meanwhile. */
export async function useChallenge(db: Db, id: string, now: Date): Promise<boolean> {
  const used = await db
    .update(twofaChallenges)
    .set({ usedAt: now })
    .where(
      and(eq(twofaChallenges.id, id), isNull(twofaChallenges.usedAt), gt(twofaChallenges.expiresAt, now)),
    )
    .returning({ id: twofaChallenges.id });
  return used.length === 1;
}

/** Whether one of the account's challenges was used (a right code) after `since`. */
export async function challengeUsedSince(db: Db, accountId: number, since: Date): Promise<boolean> {
  const rows = await db
    .select({ id: twofaChallenges.id })
    .from(twofaChallenges)
    .where(and(eq(twofaChallenges.accountId, accountId), gt(twofaChallenges.usedAt, since)))
    .limit(1);
  return rows.length === 1;
}

// --- Enrolment: the pending secret ---------------------------------------------------------------

/** The account's pending (not yet confirmed) secret, or undefined. */
export async function findEnrolment(db: Db, accountId: number) {
  const [pending] = await db.select().from(totpEnrolments).where(eq(totpEnrolments.accountId, accountId));
  return pending;
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

/** Switches 2FA on with the confirmed pending secret (sealed with the same context, so it moves as it is). */
export async function confirmPendingSecret(
  db: Db,
  accountId: number,
  secretSealed: string,
  step: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    await enableTotp(tx, accountId, secretSealed, step);
    await tx.delete(totpEnrolments).where(eq(totpEnrolments.accountId, accountId));
  });
}

/** An administrator's reset: the account's enrolments and its secret go, in one transaction; the updated row. */
export async function resetTwoFactor(db: Db, accountId: number): Promise<AccountRow> {
  return db.transaction(async (tx) => {
    await tx.delete(totpEnrolments).where(eq(totpEnrolments.accountId, accountId));
    return (await disableTotp(tx, accountId))!;
  });
}

/** Removes the pending secrets of these accounts (a purge). */
export async function deleteEnrolmentsOf(tx: Tx, accountIds: number[]): Promise<void> {
  await tx.delete(totpEnrolments).where(inArray(totpEnrolments.accountId, accountIds));
}
