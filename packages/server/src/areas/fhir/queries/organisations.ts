import { asc, count, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import * as t from '../tables.ts';
import { allOf, type CommonFilter, commonConditions, type Page, whereAll } from './where.ts';

/** What kind of organisation an entity is, in our code system (`type`). */
export type OrganisationKind = 'pharmacy' | 'carecenter' | 'gp-practice' | 'trombosis-service';

export interface OrganisationFilter extends CommonFilter {
  /** AGB codes (`identifier`): each occurrence ANDed, values ORed. */
  agbs?: string[][];
  /** Name prefixes (`name`, case-insensitive starts-with): each occurrence ANDed, values ORed. */
  names?: string[][];
  /** Kinds (`type`): each occurrence ANDed, values ORed. */
  kinds?: string[][];
}

/** An organisation reached through a link it is the `from` side of, in the given role (active or not). */
const linksFrom = (role: 'gp' | 'anticoagulation') =>
  sql`exists (select 1 from ${t.networkLinks} where ${t.networkLinks.fromEntityId} = ${t.entities.id} and ${t.networkLinks.role} = ${role})`;

/**
 * The kind: the entity type for a pharmacy and a care centre; a `customer` by the links it serves through:
 * the trombosis service by its `anticoagulation` links, a GP practice by its `gp` links (else none).
 */
const kind = sql<OrganisationKind | null>`case
  when ${t.entities.type} = 'pharmacy' then 'pharmacy'
  when ${t.entities.type} = 'carecenter' then 'carecenter'
  when ${linksFrom('anticoagulation')} then 'trombosis-service'
  when ${linksFrom('gp')} then 'gp-practice'
end`;

/**
 * The organisations `entityId` sees: its own and those it has an active network link with, either side
 * (the Zorgnetwerk's links, active only).
 */
function visibleTo(entityId: number): SQL {
  const l = t.networkLinks;
  return or(
    eq(t.entities.id, entityId),
    sql`exists (select 1 from ${l} where ${l.active} and ((${l.fromEntityId} = ${entityId} and ${l.toEntityId} = ${t.entities.id}) or (${l.toEntityId} = ${entityId} and ${l.fromEntityId} = ${t.entities.id})))`,
  )!;
}

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

const where = (entityId: number, filter: OrganisationFilter, page: Page | null) =>
  whereAll([
    visibleTo(entityId),
    ...allOf(t.entities.agb, filter.agbs),
    ...(filter.names ?? []).map((names) =>
      names.length
        ? or(...names.map((n) => sql`${t.entities.name} ilike ${`${escapeLike(n)}%`}`))
        : sql`false`,
    ),
    ...allOf(kind, filter.kinds),
    ...commonConditions(t.entities.id, null, filter, page),
  ]);

/** The organisations `entityId` sees matching the filter, by id, with their kind and contact settings. */
export function findOrganisations(db: Db, entityId: number, filter: OrganisationFilter, page: Page) {
  return db
    .select({
      id: t.entities.id,
      name: t.entities.name,
      agb: t.entities.agb,
      kind,
      phone: sql<string | null>`nullif(${t.entities.settings}->>'ContactPhone', '')`,
      email: sql<string | null>`nullif(${t.entities.settings}->>'ContactEmail', '')`,
    })
    .from(t.entities)
    .where(where(entityId, filter, page))
    .orderBy(asc(t.entities.id))
    .limit(page.limit);
}

export type OrganisationRow = Awaited<ReturnType<typeof findOrganisations>>[number];

export async function countOrganisations(
  db: Db,
  entityId: number,
  filter: OrganisationFilter,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(t.entities)
    .where(where(entityId, filter, null));
  return row?.n ?? 0;
}
