import type { AccountListQuery, AccountPage } from '@zorgportaal/contract';
import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import * as t from '../tables.ts';
import { toAccountView } from './accounts.ts';
import { likeContains } from '../../persons/public.ts';

const a = t.accounts;
const p = t.persons;

/** Accounts of the entity whose person is not in the trash can; the same search words as the person list. */
function accountListWhere(entityId: number, query: AccountListQuery): SQL {
  const conditions: SQL[] = [
    eq(a.entityId, entityId),
    sql`not ${a.deleted}`,
    sql`(${a.personId} is null or not ${p.deleted})`,
  ];
  for (const word of (query.q ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 5)) {
    const pattern = likeContains(word);
    conditions.push(
      sql`(lower(${a.username}) like ${pattern} or lower(coalesce(${a.employeeNumber}, '')) like ${pattern} or lower(array_to_string(${a.emailAddresses}, ' ')) like ${pattern} or coalesce(${p.searchText}, '') like ${pattern})`,
    );
  }
  if (query.active !== undefined) conditions.push(eq(a.active, query.active));
  if (query.role !== undefined)
    conditions.push(
      sql`exists (select 1 from ${t.accountRoles} where ${t.accountRoles.accountId} = ${a.id} and ${t.accountRoles.roleId} = ${query.role})`,
    );
  if (query.team !== undefined)
    conditions.push(
      sql`exists (select 1 from ${t.accountTeams} where ${t.accountTeams.accountId} = ${a.id} and ${t.accountTeams.teamId} = ${query.team})`,
    );
  return and(...conditions)!;
}

/** GET /api/accounts/: one page of accounts in the spec's Account shape, by username. */
export async function listAccounts(db: Db, entityId: number, query: AccountListQuery): Promise<AccountPage> {
  const where = accountListWhere(entityId, query);
  const [rows, [total]] = await Promise.all([
    db
      .select({ account: a })
      .from(a)
      .leftJoin(p, eq(p.id, a.personId))
      .where(where)
      .orderBy(sql`lower(${a.username})`, a.id)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(a).leftJoin(p, eq(p.id, a.personId)).where(where),
  ]);
  const views = [];
  for (const row of rows) views.push(await toAccountView(db, row.account));
  return { Rows: views, Total: total?.n ?? 0, TotalExact: true, Page: query.page, PageSize: query.pageSize };
}
