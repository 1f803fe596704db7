import { WRITABLE_ENTITY_SETTINGS, type EntitySettings, type EntityType } from '@zorgportaal/contract';
import { eq } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import * as t from './db/schema/organisations.ts';

export type EntityRow = typeof t.entities.$inferSelect;

export async function findEntity(db: Db, id: number): Promise<EntityRow | undefined> {
  const [row] = await db.select().from(t.entities).where(eq(t.entities.id, id)).limit(1);
  return row;
}

/**
 * GET /api/management/settings: the stored settings plus the identity fields, which always win.
 * PharmacyIdentifier and CareCenter follow the entity's type, so the type the client derives from
 * them (spec §1) is always the entity's own.
 */
export function toEntitySettings(row: EntityRow): EntitySettings & { Type: EntityType } {
  const stored = row.settings as Record<string, unknown>;
  const storedIdentifier = typeof stored.PharmacyIdentifier === 'string' ? stored.PharmacyIdentifier : '';
  return {
    ...stored,
    PharmacyIdentifier: row.type === 'pharmacy' ? storedIdentifier || `AGB-${row.agb ?? row.id}` : null,
    CareCenter: row.type === 'carecenter',
    Id: row.id,
    Name: row.name,
    Type: row.type,
  };
}

/** Merges new settings: only the writable keys are stored; identity and derived fields never are. */
export async function updateEntitySettings(
  db: Db,
  id: number,
  patch: Record<string, unknown>,
): Promise<EntityRow | undefined> {
  const current = await findEntity(db, id);
  if (!current) return undefined;
  const settings = Object.fromEntries(
    WRITABLE_ENTITY_SETTINGS.filter((key) => key in patch).map((key) => [key, patch[key]]),
  );
  const [row] = await db
    .update(t.entities)
    .set({ settings: { ...current.settings, ...settings } })
    .where(eq(t.entities.id, id))
    .returning();
  return row;
}
