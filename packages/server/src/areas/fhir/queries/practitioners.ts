import { asc, count, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import type { Scope } from '../../../platform/scope.ts';
import { inPatientScope } from '../../medication/public.ts';
import * as t from '../tables.ts';
import { allOf, type CommonFilter, commonConditions, type Page, whereAll } from './where.ts';

/**
 * Who the caller sees as a practitioner (an account of the portal): every account of its own organisation,
 * and the authors of what it may read: the accounts that recorded an agreement (with medication.read) or
 * registered or double-checked an administration (with administration.read) of a client in its scope.
 */
export interface PractitionerVisibility {
  entityId: number;
  scope: Scope;
  agreements: boolean;
  administrations: boolean;
}

export interface PractitionerFilter extends CommonFilter {
  /** Name prefixes (`name`): each occurrence ANDed, values ORed. */
  names?: string[][];
  /** `organization` of a PractitionerRole: entity ids. */
  organisations?: number[][];
}

const acc = t.accounts;
const a = t.medicationAgreements;
const r = t.administrations;

/**
 * Uncorrelated `in (select …)` lists, so PostgreSQL reads the scope's agreements and registrations once per
 * query (a hashed subplan), not once per account.
 */
function visibleTo(v: PractitionerVisibility): SQL {
  return or(
    eq(acc.entityId, v.entityId),
    v.agreements
      ? sql`${acc.id} in (select ${a.createdBy} from ${a} where ${a.createdBy} is not null and ${inPatientScope(v.scope, a.entityId, a.patientId)})`
      : undefined,
    v.administrations
      ? sql`${acc.id} in (select ${r.recordedBy} from ${r} where ${inPatientScope(v.scope, r.entityId, r.patientId)} union select ${r.doubleCheckBy} from ${r} where ${r.doubleCheckBy} is not null and ${inPatientScope(v.scope, r.entityId, r.patientId)})`
      : undefined,
  )!;
}

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Starts-with on the first names, the last name or the last name with its voorvoegsel. */
const nameMatches = (value: string): SQL => {
  const like = `${escapeLike(value)}%`;
  const p = t.persons;
  return sql`(${p.firstNames} ilike ${like} or ${p.lastName} ilike ${like} or concat_ws(' ', ${p.lastNamePrefix}, ${p.lastName}) ilike ${like})`;
};

const where = (v: PractitionerVisibility, filter: PractitionerFilter, page: Page | null) =>
  whereAll([
    visibleTo(v),
    ...(filter.names ?? []).map((names) => (names.length ? or(...names.map(nameMatches)) : sql`false`)),
    ...allOf(acc.entityId, filter.organisations),
    ...commonConditions(acc.id, null, filter, page),
  ]);

/** The roles of the account, by name, in its organisation. */
const roleNames = sql<
  string[]
>`coalesce((select array_agg(${t.roles.name} order by ${t.roles.name}) from ${t.accountRoles} join ${t.roles} on ${t.roles.id} = ${t.accountRoles.roleId} where ${t.accountRoles.accountId} = ${acc.id}), '{}')`;

/** The practitioners the caller sees, by account id, with their person's name, organisation and roles. */
export function findPractitioners(db: Db, v: PractitionerVisibility, filter: PractitionerFilter, page: Page) {
  return db
    .select({
      id: acc.id,
      active: sql<boolean>`${acc.active} and not ${acc.deleted}`,
      entityId: acc.entityId,
      entityName: t.entities.name,
      firstNames: t.persons.firstNames,
      lastNamePrefix: t.persons.lastNamePrefix,
      lastName: t.persons.lastName,
      roles: roleNames,
    })
    .from(acc)
    .innerJoin(t.entities, eq(t.entities.id, acc.entityId))
    .leftJoin(t.persons, eq(t.persons.id, acc.personId))
    .where(where(v, filter, page))
    .orderBy(asc(acc.id))
    .limit(page.limit);
}

export type PractitionerRow = Awaited<ReturnType<typeof findPractitioners>>[number];

export async function countPractitioners(db: Db, v: PractitionerVisibility, filter: PractitionerFilter) {
  const [row] = await db
    .select({ n: count() })
    .from(acc)
    .leftJoin(t.persons, eq(t.persons.id, acc.personId))
    .where(where(v, filter, null));
  return row?.n ?? 0;
}
