import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import * as t from '../tables.ts';

/**
 * Back from the trash can (the trash area's "Terugzetten"): a deleted, not purged person of the entity
 * is live again. The account stays inactive until an administrator re-activates it. Undefined when the
 * person is not in the entity's trash can.
 */
export async function restorePerson(
  db: Db,
  entityId: number,
  id: number,
): Promise<typeof t.persons.$inferSelect | undefined> {
  const p = t.persons;
  const [row] = await db
    .update(p)
    .set({ deleted: false, active: true, deletedAt: null, deletedBy: null, updatedAt: new Date() })
    .where(and(eq(p.id, id), eq(p.entityId, entityId), eq(p.deleted, true), isNull(p.purgedAt)))
    .returning();
  return row;
}
