import { and, asc, eq, inArray, isNotNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { linkedEntityIds } from '../../../platform/scope.ts';
import * as t from '../tables.ts';
import { orders as o } from '../schema.ts';

/** Whose list: the pharmacy's action list (sent orders of the care centres it supplies) or a care centre's own. */
export type OrderScope =
  | { side: 'pharmacy'; pharmacyId: number; careCentreIds: number[] }
  | { side: 'carecentre'; entityId: number };

/**
 * A pharmacy's scope: the sent orders of the care centres it supplies through an active `supplies` link
 * (in id order: the list's version names them).
 */
export async function pharmacyOrderScope(db: Db, pharmacyId: number): Promise<OrderScope> {
  const careCentreIds = (await linkedEntityIds(db, pharmacyId, ['supplies'])).sort((a, b) => a - b);
  return { side: 'pharmacy', pharmacyId, careCentreIds };
}

/** The pharmacy supplying this care centre (the oldest active link), or undefined. */
export async function supplierOf(db: Db, careCentreId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: t.networkLinks.fromEntityId })
    .from(t.networkLinks)
    .innerJoin(t.entities, eq(t.entities.id, t.networkLinks.fromEntityId))
    .where(
      and(
        eq(t.networkLinks.toEntityId, careCentreId),
        eq(t.networkLinks.role, 'supplies'),
        eq(t.networkLinks.active, true),
        eq(t.entities.type, 'pharmacy'),
      ),
    )
    .orderBy(asc(t.networkLinks.id))
    .limit(1);
  return row?.id;
}

/** The orders in scope: the where clause every scoped read uses. */
export function scopeWhere(scope: OrderScope): SQL | undefined {
  if (scope.side === 'carecentre') return eq(o.entityId, scope.entityId);
  return and(
    eq(o.pharmacyEntityId, scope.pharmacyId),
    isNotNull(o.sentAt),
    inArray(o.entityId, scope.careCentreIds),
  );
}
