import type { EntitySettings, EntityType } from '@zorgportaal/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import * as t from '../db/schema/index.ts';

export type EntityRow = typeof t.entities.$inferSelect;

export async function findEntity(db: Db, id: number): Promise<EntityRow | undefined> {
  const [row] = await db.select().from(t.entities).where(eq(t.entities.id, id)).limit(1);
  return row;
}

/** GET /api/management/settings: the stored settings plus the identity fields, which always win. */
export function toEntitySettings(row: EntityRow): EntitySettings & { Type: EntityType } {
  return { ...row.settings, Id: row.id, Name: row.name, Type: row.type };
}

/** Merges new settings; identity fields (Id, Name, Type) are not settings and never stored in them. */
export async function updateEntitySettings(
  db: Db,
  id: number,
  patch: Record<string, unknown>,
): Promise<EntityRow | undefined> {
  const current = await findEntity(db, id);
  if (!current) return undefined;
  const { Id: _id, Name: _name, Type: _type, ...settings } = patch;
  const [row] = await db
    .update(t.entities)
    .set({ settings: { ...current.settings, ...settings } })
    .where(eq(t.entities.id, id))
    .returning();
  return row;
}
