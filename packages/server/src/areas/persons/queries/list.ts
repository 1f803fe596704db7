import { type PersonListQuery, type PersonPage, screenName } from '@zorgportaal/contract';
import { and, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import * as t from '../tables.ts';
import { isoOrNull } from '../mapper.ts';

const p = t.persons;
const a = t.accounts;

/** How many rows past the requested page the person list counts exactly. */
export const COUNT_CAP = 1000;

/** `%term%` for LIKE, with the wildcards of the user's text escaped (backslash is the default escape). */
export const likeContains = (term: string): string => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The person's live account matches `cond` (correlated on persons.id). */
const accountWhere = (cond: SQL): SQL =>
  sql`exists (select 1 from ${a} where ${a.personId} = ${p.id} and not ${a.deleted} and ${cond})`;

/**
 * WHERE of the person list. Every word of `q` must match a name part or the account's username,
 * employee number or an e-mail address. Filters are EXISTS subqueries, so the count needs no join.
 */
export function personListWhere(entityId: number, query: PersonListQuery): SQL {
  const conditions: SQL[] = [eq(p.entityId, entityId), sql`not ${p.deleted}`];
  for (const word of (query.q ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 5)) {
    const pattern = likeContains(word);
    // IN (uncorrelated) runs the account match once as a hashed subplan, not once per person row.
    conditions.push(
      sql`(${p.searchText} like ${pattern} or ${p.id} in (select ${a.personId} from ${a} where ${a.entityId} = ${entityId} and not ${a.deleted} and (lower(${a.username}) like ${pattern} or lower(coalesce(${a.employeeNumber}, '')) like ${pattern} or lower(array_to_string(${a.emailAddresses}, ' ')) like ${pattern})))`,
    );
  }
  if (query.active !== undefined) conditions.push(eq(p.active, query.active));
  if (query.hasAccount !== undefined) {
    const has = accountWhere(sql`true`);
    conditions.push(query.hasAccount ? has : sql`not ${has}`);
  }
  if (query.role !== undefined)
    conditions.push(
      accountWhere(
        sql`exists (select 1 from ${t.accountRoles} where ${t.accountRoles.accountId} = ${a.id} and ${t.accountRoles.roleId} = ${query.role})`,
      ),
    );
  if (query.team !== undefined)
    conditions.push(
      accountWhere(
        sql`exists (select 1 from ${t.accountTeams} where ${t.accountTeams.accountId} = ${a.id} and ${t.accountTeams.teamId} = ${query.team})`,
      ),
    );
  return and(...conditions)!;
}

/**
 * ORDER BY. The name order (and its reverse) is served by the covering index persons_live_name_keyset_idx,
 * the date-of-birth order by persons_live_dob_idx; the account orders need the join and a sort.
 */
function personListOrder(query: PersonListQuery): SQL[] {
  const dir = query.dir === 'desc' ? sql`desc` : sql`asc`;
  const byName = [sql`lower(${p.lastName}) ${dir}`, sql`lower(${p.firstNames}) ${dir}`, sql`${p.id} ${dir}`];
  switch (query.sort) {
    case 'dateOfBirth':
      return [sql`${p.dateOfBirth} ${dir} nulls last`, sql`${p.id} ${dir}`];
    case 'username':
      return [sql`lower(${a.username}) ${dir} nulls last`, ...byName];
    case 'lastLogin':
      return [sql`${a.lastLogin} ${dir} nulls last`, ...byName];
    default:
      return byName;
  }
}

const liveAccount = and(eq(a.personId, p.id), sql`not ${a.deleted}`);

/**
 * The ids from the page's first row on, in list order: at most COUNT_CAP + 1, the first pageSize of
 * them the page, and how many came is the capped count, without a second scan. Only ids: for the name
 * and date-of-birth orders this is an index-only scan, so the OFFSET rows of a deep page cost index
 * entries, not person rows and their accounts (page 2000 of 100k persons took ~340 ms with whole rows).
 * The account orders need the join and a sort.
 */
async function idsFrom(db: Db, where: SQL, query: PersonListQuery, offset: number): Promise<number[]> {
  const byAccount = query.sort === 'username' || query.sort === 'lastLogin';
  const base = db.select({ id: p.id }).from(p);
  const rows = await (byAccount ? base.leftJoin(a, liveAccount) : base)
    .where(where)
    .orderBy(...personListOrder(query))
    .limit(COUNT_CAP + 1)
    .offset(offset);
  return rows.map((r) => r.id);
}

/** Matching persons, counted up to `limit` (counting 100k rows would cost more than the page). */
async function cappedCount(db: Db, where: SQL, limit: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(
    db
      .select({ one: sql`1` })
      .from(p)
      .where(where)
      .limit(limit)
      .as('capped'),
  );
  return row?.n ?? 0;
}

/** One page of the persons screen, scoped to the entity. */
export async function listPersons(db: Db, entityId: number, query: PersonListQuery): Promise<PersonPage> {
  const where = personListWhere(entityId, query);
  const offset = (query.page - 1) * query.pageSize;
  const following = await idsFrom(db, where, query, offset);
  // Matches, counted up to COUNT_CAP rows past the page's start. A page past the end says nothing
  // about the total, so only then a separate count.
  const total =
    following.length > 0 || offset === 0
      ? offset + following.length
      : await cappedCount(db, where, offset + COUNT_CAP + 1);
  const ids = following.slice(0, query.pageSize);
  // Then the page's own rows, put back in the order of the ids.
  const loaded = ids.length
    ? await db
        .select({ person: p, account: a })
        .from(p)
        .leftJoin(a, liveAccount)
        .where(and(eq(p.entityId, entityId), inArray(p.id, ids)))
    : [];
  const byId = new Map(loaded.map((row) => [row.person.id, row]));
  const rows = ids.flatMap((id) => byId.get(id) ?? []);
  const accountIds = rows.flatMap((r) => (r.account ? [r.account.id] : []));
  const roles = accountIds.length
    ? await db
        .select({ accountId: t.accountRoles.accountId, Id: t.roles.id, Name: t.roles.name })
        .from(t.accountRoles)
        .innerJoin(t.roles, eq(t.accountRoles.roleId, t.roles.id))
        .where(inArray(t.accountRoles.accountId, accountIds))
        .orderBy(t.roles.name)
    : [];
  return {
    Rows: rows.map(({ person, account }) => {
      const NameInformation = {
        FirstNames: person.firstNames,
        LastName: { Prefix: person.lastNamePrefix, LastName: person.lastName },
        LastNamePartner: person.partnerLastName
          ? { Prefix: person.partnerPrefix, LastName: person.partnerLastName }
          : null,
      };
      return {
        Id: person.id,
        NameInformation,
        ScreenName: screenName(NameInformation),
        DateOfBirth: person.dateOfBirth,
        CustomerName: person.customerName,
        Active: person.active,
        AccountId: account?.id ?? null,
        AccountActive: account?.active ?? null,
        Username: account?.username ?? null,
        EmployeeNumber: account?.employeeNumber ?? null,
        Roles: roles.filter((r) => r.accountId === account?.id).map(({ Id, Name }) => ({ Id, Name })),
        LastLogin: isoOrNull(account?.lastLogin),
      };
    }),
    Total: Math.min(total, offset + COUNT_CAP),
    TotalExact: total <= offset + COUNT_CAP,
    Page: query.page,
    PageSize: query.pageSize,
  };
}

/** How many persons the list with these filters shows over all its pages: the dashboard tiles' figure. */
export async function countPersons(
  db: Db,
  entityId: number,
  filter: Pick<PersonListQuery, 'active' | 'hasAccount'>,
): Promise<number> {
  const query = { sort: 'name', dir: 'asc', page: 1, pageSize: 1, ...filter } as const;
  const [row] = await db.select({ n: count() }).from(p).where(personListWhere(entityId, query));
  return row?.n ?? 0;
}
