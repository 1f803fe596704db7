import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../platform/db/client.ts';
import { baxterRolls as r } from '../schema.ts';

/** The roll when the caller may act on it: the pharmacy that makes it, or the care centre that receives it. */
export async function findRoll(db: Db | Tx, id: number, where: { pharmacyId?: number; entityId?: number }) {
  const [row] = await db
    .select()
    .from(r)
    .where(
      and(
        eq(r.id, id),
        where.pharmacyId !== undefined ? eq(r.pharmacyEntityId, where.pharmacyId) : undefined,
        where.entityId !== undefined ? eq(r.entityId, where.entityId) : undefined,
      ),
    )
    .for('update');
  return row;
}

type RollRow = typeof r.$inferSelect;

/** Moves a roll on from status `from` (compare-and-set); false when it was no longer `from`. */
async function moveRoll(
  tx: Tx,
  id: number,
  from: RollRow['status'],
  set: Partial<RollRow> & { status: RollRow['status']; updatedAt: Date },
): Promise<boolean> {
  const rows = await tx
    .update(r)
    .set(set)
    .where(and(eq(r.id, id), eq(r.status, from)))
    .returning({ id: r.id });
  return rows.length > 0;
}

/** Waiting for the file → laid out, by this account. */
export const markLaidOut = (tx: Tx, id: number, accountId: number, at: Date): Promise<boolean> =>
  moveRoll(tx, id, 'waiting_for_file', {
    status: 'laid_out',
    laidOutAt: at,
    laidOutBy: accountId,
    updatedAt: at,
  });

/** Laid out → handed over to the care centre, by this account. */
export const markHandedOver = (tx: Tx, id: number, accountId: number, at: Date): Promise<boolean> =>
  moveRoll(tx, id, 'laid_out', {
    status: 'handed_over',
    handedOverAt: at,
    handedOverBy: accountId,
    updatedAt: at,
  });
