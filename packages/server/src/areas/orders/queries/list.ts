import type { OrderListQuery, OrderPage } from '@zorgportaal/contract';
import { and, count, eq, gte, isNotNull, lt, max, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { addDays, dayBounds } from '../../../platform/time.ts';
import { orders as o } from '../schema.ts';
import { ordersByIds } from './rows.ts';
import { scopeWhere, type OrderScope } from './scope.ts';

/** Rows counted past the page's start; beyond that Total is a lower bound (as the person list). */
export const COUNT_CAP = 1000;

function listWhere(scope: OrderScope, query: OrderListQuery): SQL | undefined {
  const filters: (SQL | undefined)[] = [scopeWhere(scope)];
  if (query.status) filters.push(eq(o.status, query.status));
  if (query.from) filters.push(gte(o.createdAt, dayBounds(query.from).start));
  if (query.to) filters.push(lt(o.createdAt, dayBounds(addDays(query.to, 1)).start));
  if (query.departmentId) filters.push(eq(o.departmentId, query.departmentId));
  if (query.patientId) filters.push(eq(o.patientId, query.patientId));
  if (query.urgent !== undefined) filters.push(eq(o.urgent, query.urgent));
  if (scope.side === 'carecentre' && query.drafts === false) filters.push(isNotNull(o.sentAt));
  return and(...filters);
}

/** Newest first, urgent open orders on top; matches the list indexes (orders_*_list_idx). */
const LIST_ORDER = [
  sql`(${o.status} = 'in_progress' and ${o.urgent}) desc`,
  sql`${o.createdAt} desc nulls last`,
  sql`${o.id} desc nulls last`,
];

/** One page of orders in scope, with lines and history. */
export async function listOrders(db: Db, scope: OrderScope, query: OrderListQuery): Promise<OrderPage> {
  const page = { Page: query.page, PageSize: query.pageSize };
  if (scope.side === 'pharmacy' && scope.careCentreIds.length === 0)
    return { Rows: [], Total: 0, TotalExact: true, ...page };
  const where = listWhere(scope, query);
  const offset = (query.page - 1) * query.pageSize;
  const [ids, [counted]] = await Promise.all([
    db
      .select({ id: o.id })
      .from(o)
      .where(where)
      .orderBy(...LIST_ORDER)
      .limit(query.pageSize)
      .offset(offset),
    db.select({ n: count() }).from(
      db
        .select({ one: sql`1` })
        .from(o)
        .where(where)
        .limit(offset + COUNT_CAP + 1)
        .as('capped'),
    ),
  ]);
  const total = counted?.n ?? 0;
  return {
    Rows: await ordersByIds(
      db,
      ids.map((r) => r.id),
    ),
    Total: Math.min(total, offset + COUNT_CAP),
    TotalExact: total <= offset + COUNT_CAP,
    ...page,
  };
}

/**
 * What an order list is built from, in two index lookups: the newest change in the scope and the
 * scope itself. Same version = same answer (for the same query), so a refresh can be a 304.
 */
export async function listVersion(db: Db, scope: OrderScope): Promise<string> {
  const [row] = await db
    .select({ newest: max(o.updatedAt) })
    .from(o)
    .where(
      scope.side === 'pharmacy' ? eq(o.pharmacyEntityId, scope.pharmacyId) : eq(o.entityId, scope.entityId),
    );
  const who =
    scope.side === 'pharmacy'
      ? `p${scope.pharmacyId}:${scope.careCentreIds.join(',')}`
      : `c${scope.entityId}`;
  return `${who}|${row?.newest?.toISOString() ?? '-'}`;
}

/** How many orders the list with this query shows (all pages): the dashboard tile's figure. */
export async function countOrders(
  db: Db,
  scope: OrderScope,
  query: Omit<OrderListQuery, 'page' | 'pageSize'>,
): Promise<number> {
  if (scope.side === 'pharmacy' && scope.careCentreIds.length === 0) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(o)
    .where(listWhere(scope, { ...query, page: 1, pageSize: 1 }));
  return row?.n ?? 0;
}
