import type { EntitySummary, NetworkLink, NetworkLinkCreate } from '@zorgportaal/contract';
import { and, asc, eq, ilike, inArray, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client.ts';
import { departments, entities, locations, networkLinks } from '../../platform/db/schema/organisations.ts';
import type { Caller } from '../../platform/types.ts';

type EntityRow = typeof entities.$inferSelect;
export type LinkRow = typeof networkLinks.$inferSelect;

export const toSummary = (e: Pick<EntityRow, 'id' | 'name' | 'type' | 'agb'>): EntitySummary => ({
  Id: e.id,
  Name: e.name,
  Type: e.type,
  Agb: e.agb ?? null,
});

const summaryColumns = { id: entities.id, name: entities.name, type: entities.type, agb: entities.agb };

/** The caller's organisation and those it has a link with (either side, active or not). */
export async function visibleEntities(db: Db, caller: Caller): Promise<EntitySummary[]> {
  const links = await db
    .select({ from: networkLinks.fromEntityId, to: networkLinks.toEntityId })
    .from(networkLinks)
    .where(or(eq(networkLinks.fromEntityId, caller.entityId), eq(networkLinks.toEntityId, caller.entityId)));
  const ids = [...new Set([caller.entityId, ...links.flatMap((l) => [l.from, l.to])])];
  const rows = await db
    .select(summaryColumns)
    .from(entities)
    .where(inArray(entities.id, ids))
    .orderBy(asc(entities.name));
  return rows.map(toSummary);
}

/** Organisations by name or AGB code, to propose a link to (names and AGB codes are public). */
export async function searchOrganisations(db: Db, q: string | undefined): Promise<EntitySummary[]> {
  const term = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const rows = await db
    .select(summaryColumns)
    .from(entities)
    .where(term ? or(ilike(entities.name, term), ilike(entities.agb, term)) : undefined)
    .orderBy(asc(entities.name))
    .limit(50);
  return rows.map(toSummary);
}

export async function findEntity(db: Db, id: number): Promise<EntityRow | undefined> {
  const [row] = await db.select().from(entities).where(eq(entities.id, id));
  return row;
}

const fromEntity = alias(entities, 'from_entity');
const toEntity = alias(entities, 'to_entity');

function toLink(caller: Caller, row: { link: LinkRow; from: EntityRow; to: EntityRow }): NetworkLink {
  return {
    Id: row.link.id,
    From: toSummary(row.from),
    To: toSummary(row.to),
    Role: row.link.role,
    Active: row.link.active,
    ProposedBy: row.link.entityId,
    CanActivate: !row.link.active && row.link.entityId !== caller.entityId,
  };
}

/** The links the caller's organisation is a side of. */
export async function linksOf(db: Db, caller: Caller, id?: number): Promise<NetworkLink[]> {
  const side = or(
    eq(networkLinks.fromEntityId, caller.entityId),
    eq(networkLinks.toEntityId, caller.entityId),
  );
  const rows = await db
    .select({ link: networkLinks, from: fromEntity, to: toEntity })
    .from(networkLinks)
    .innerJoin(fromEntity, eq(fromEntity.id, networkLinks.fromEntityId))
    .innerJoin(toEntity, eq(toEntity.id, networkLinks.toEntityId))
    .where(id === undefined ? side : and(side, eq(networkLinks.id, id)))
    .orderBy(asc(networkLinks.role), asc(fromEntity.name), asc(toEntity.name));
  return rows.map((row) => toLink(caller, row));
}

export async function locationsOf(db: Db, entityId: number) {
  const rows = await db
    .select({ location: locations, department: departments })
    .from(locations)
    .leftJoin(departments, eq(departments.locationId, locations.id))
    .where(eq(locations.entityId, entityId))
    .orderBy(asc(locations.name), asc(departments.name));
  const byId = new Map<number, { Id: number; Name: string; Departments: { Id: number; Name: string }[] }>();
  for (const { location, department } of rows) {
    const entry = byId.get(location.id) ?? { Id: location.id, Name: location.name, Departments: [] };
    byId.set(location.id, entry);
    if (department) entry.Departments.push({ Id: department.id, Name: department.name });
  }
  return [...byId.values()];
}

/** A new link, inactive until the other side activates it. Undefined when it exists already. */
export async function createLink(
  db: Db,
  caller: Caller,
  body: NetworkLinkCreate,
): Promise<number | undefined> {
  const rows = await db
    .insert(networkLinks)
    .values({
      entityId: caller.entityId,
      fromEntityId: body.FromEntityId,
      toEntityId: body.ToEntityId,
      role: body.Role,
      active: false,
    })
    .onConflictDoNothing()
    .returning({ id: networkLinks.id });
  return rows[0]?.id;
}

export async function setLinkActive(db: Db, id: number, active: boolean): Promise<void> {
  await db.update(networkLinks).set({ active }).where(eq(networkLinks.id, id));
}

export async function deleteLink(db: Db, id: number): Promise<void> {
  await db.delete(networkLinks).where(eq(networkLinks.id, id));
}
