import type { EntitySummary, NetworkLink } from '@zorgportaal/contract';
import { and, asc, eq, ilike, inArray, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client.ts';
import { departments, entities, locations, networkLinks } from '../../platform/db/schema/organisations.ts';
import { mayActivate, type LinkRow } from '../../platform/network-links.ts';
import type { Caller } from '../../platform/types.ts';

/*
 * What the Zorgnetwerk reads: organisations, their locations and the links between them. The links are the
 * platform's table (the tenant scope reads them); changing one goes through platform/network-links.ts.
 */

type EntityRow = typeof entities.$inferSelect;

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
  const { link } = row;
  return {
    Id: link.id,
    From: toSummary(row.from),
    To: toSummary(row.to),
    Role: link.role,
    Active: link.active,
    ProposedBy: link.entityId,
    CanActivate: mayActivate(link, caller.entityId),
    DeactivatedBy: link.deactivatedByEntityId,
    DeactivatedAt: link.deactivatedAt?.toISOString() ?? null,
    CanPropose:
      !link.active && link.deactivatedByEntityId !== null && link.deactivatedByEntityId !== caller.entityId,
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

/** The stored link (any side); the routes check the caller is a side of it first. */
export async function findLink(db: Db, id: number): Promise<LinkRow | undefined> {
  const [row] = await db.select().from(networkLinks).where(eq(networkLinks.id, id));
  return row;
}
