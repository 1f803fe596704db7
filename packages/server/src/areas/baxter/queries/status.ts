import { and, count, eq } from 'drizzle-orm';
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

export async function markLaidOut(tx: Tx, id: number, accountId: number, at: Date): Promise<boolean> {
  const rows = await tx
    .update(r)
    .set({ status: 'laid_out', laidOutAt: at, laidOutBy: accountId, updatedAt: at })
    .where(and(eq(r.id, id), eq(r.status, 'waiting_for_file')))
    .returning({ id: r.id });
  return rows.length > 0;
}

export async function markHandedOver(tx: Tx, id: number, accountId: number, at: Date): Promise<boolean> {
  const rows = await tx
    .update(r)
    .set({ status: 'handed_over', handedOverAt: at, handedOverBy: accountId, updatedAt: at })
    .where(and(eq(r.id, id), eq(r.status, 'laid_out')))
    .returning({ id: r.id });
  return rows.length > 0;
}
/** Rolls waiting to be laid out: the pharmacy's own, or a care centre's. */
export async function countWaiting(
  db: Db,
  where: { pharmacyId?: number; entityId?: number },
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(r)
    .where(
      and(
        where.pharmacyId !== undefined ? eq(r.pharmacyEntityId, where.pharmacyId) : undefined,
        where.entityId !== undefined ? eq(r.entityId, where.entityId) : undefined,
        eq(r.status, 'waiting_for_file'),
      ),
    );
  return row?.n ?? 0;
}
