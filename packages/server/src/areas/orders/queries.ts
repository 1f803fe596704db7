import {
  ORDER_EXPIRY_DAYS,
  screenName,
  type Order,
  type OrderCreateBody,
  type OrderListQuery,
  type OrderPage,
  type OrderStatus,
} from '@zorgportaal/contract';
import { and, asc, count, eq, gte, inArray, isNotNull, isNull, lt, max, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../../platform/db/client.ts';
import * as t from '../../platform/db/schema/index.ts';
import { addDays, dayBounds } from '../../platform/time.ts';
import { orderHistory, orderLines, orders } from './schema.ts';

const o = orders;
const DAY_MS = 86_400_000;
/** Rows counted past the page's start; beyond that Total is a lower bound (as the person list). */
export const COUNT_CAP = 1000;

/** Whose list: the pharmacy's action list (sent orders of the care centres it supplies) or a care centre's own. */
export type OrderScope =
  | { side: 'pharmacy'; pharmacyId: number; careCentreIds: number[] }
  | { side: 'carecentre'; entityId: number };

/** The care centres this pharmacy supplies through an active `supplies` link. */
export async function suppliedCareCentres(db: Db, pharmacyId: number): Promise<number[]> {
  const rows = await db
    .select({ id: t.networkLinks.toEntityId })
    .from(t.networkLinks)
    .where(
      and(
        eq(t.networkLinks.fromEntityId, pharmacyId),
        eq(t.networkLinks.role, 'supplies'),
        eq(t.networkLinks.active, true),
      ),
    )
    .orderBy(asc(t.networkLinks.toEntityId));
  return rows.map((r) => r.id);
}

/** The pharmacy supplying this care centre (the oldest active link), or undefined. */
export async function supplierOf(db: Db, careCentreId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: t.networkLinks.fromEntityId })
    .from(t.networkLinks)
    .innerJoin(t.entities, eq(t.entities.id, t.networkLinks.fromEntityId))
    .where(
      and(
        eq(t.networkLinks.toEntityId, careCentreId),
        eq(t.networkLinks.role, 'supplies'),
        eq(t.networkLinks.active, true),
        eq(t.entities.type, 'pharmacy'),
      ),
    )
    .orderBy(asc(t.networkLinks.id))
    .limit(1);
  return row?.id;
}

function scopeWhere(scope: OrderScope): SQL | undefined {
  if (scope.side === 'carecentre') return eq(o.entityId, scope.entityId);
  return and(
    eq(o.pharmacyEntityId, scope.pharmacyId),
    isNotNull(o.sentAt),
    inArray(o.entityId, scope.careCentreIds),
  );
}

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
 * The full rows of these orders, in the given order. Small single-table queries instead of one
 * seven-way join: the embedded database spends more time planning such a join than running it.
 */
export async function ordersByIds(db: Db | Tx, ids: number[]): Promise<Order[]> {
  if (ids.length === 0) return [];
  const [orderRows, lines, history] = await Promise.all([
    db.select().from(o).where(inArray(o.id, ids)),
    db
      .select({ line: orderLines, medicationName: t.medications.name })
      .from(orderLines)
      .leftJoin(t.medications, eq(t.medications.id, orderLines.medicationId))
      .where(inArray(orderLines.orderId, ids))
      .orderBy(asc(orderLines.orderId), asc(orderLines.position)),
    db
      .select({ entry: orderHistory, username: t.accounts.username })
      .from(orderHistory)
      .leftJoin(t.accounts, eq(t.accounts.id, orderHistory.accountId))
      .where(inArray(orderHistory.orderId, ids))
      .orderBy(asc(orderHistory.orderId), asc(orderHistory.at), asc(orderHistory.id)),
  ]);
  const unique = (values: (number | null)[]) => [...new Set(values.filter((v): v is number => v !== null))];
  const entityIds = unique(orderRows.flatMap((r) => [r.entityId, r.pharmacyEntityId]));
  const departmentIds = unique(orderRows.map((r) => r.departmentId));
  const patientIds = unique(orderRows.map((r) => r.patientId));
  const accountIds = unique(orderRows.map((r) => r.createdBy));
  const [entityNames, departmentNames, patientNames, creators] = await Promise.all([
    db
      .select({ id: t.entities.id, name: t.entities.name })
      .from(t.entities)
      .where(inArray(t.entities.id, entityIds)),
    departmentIds.length
      ? db
          .select({ id: t.departments.id, name: t.departments.name })
          .from(t.departments)
          .where(inArray(t.departments.id, departmentIds))
      : [],
    patientIds.length
      ? db
          .select({
            id: t.patients.id,
            firstNames: t.persons.firstNames,
            prefix: t.persons.lastNamePrefix,
            lastName: t.persons.lastName,
          })
          .from(t.patients)
          .innerJoin(t.persons, eq(t.persons.id, t.patients.personId))
          .where(inArray(t.patients.id, patientIds))
      : [],
    accountIds.length
      ? db
          .select({ id: t.accounts.id, username: t.accounts.username })
          .from(t.accounts)
          .where(inArray(t.accounts.id, accountIds))
      : [],
  ]);
  const nameOf = new Map(entityNames.map((e) => [e.id, e.name]));
  const departmentOf = new Map(departmentNames.map((d) => [d.id, d.name]));
  const patientOf = new Map(patientNames.map((p) => [p.id, p]));
  const usernameOf = new Map(creators.map((a) => [a.id, a.username]));
  const heads = orderRows.map((order) => {
    const patient = order.patientId !== null ? patientOf.get(order.patientId) : undefined;
    return {
      order,
      entityName: nameOf.get(order.entityId) ?? '',
      pharmacyName: nameOf.get(order.pharmacyEntityId) ?? '',
      departmentName: order.departmentId !== null ? (departmentOf.get(order.departmentId) ?? null) : null,
      firstNames: patient?.firstNames ?? null,
      prefix: patient?.prefix ?? null,
      lastName: patient?.lastName ?? null,
      createdBy: order.createdBy !== null ? (usernameOf.get(order.createdBy) ?? null) : null,
    };
  });
  const byId = new Map(heads.map((h) => [h.order.id, h]));
  return ids.flatMap((id) => {
    const h = byId.get(id);
    if (!h) return [];
    const { order } = h;
    const open = order.status === 'in_progress' && order.sentAt !== null;
    return [
      {
        Id: order.id,
        Entity: { Id: order.entityId, Name: h.entityName },
        Pharmacy: { Id: order.pharmacyEntityId, Name: h.pharmacyName },
        Status: order.status,
        Draft: order.sentAt === null,
        Urgent: order.urgent,
        Patient:
          order.patientId !== null && h.lastName !== null
            ? {
                Id: order.patientId,
                Name: screenName({
                  FirstNames: h.firstNames ?? '',
                  LastName: { Prefix: h.prefix, LastName: h.lastName },
                }),
              }
            : null,
        Department:
          order.departmentId !== null ? { Id: order.departmentId, Name: h.departmentName ?? '' } : null,
        Lines: lines
          .filter((l) => l.line.orderId === id)
          .map(({ line, medicationName }) => ({
            Id: line.id,
            Medication:
              line.medicationId !== null ? { Id: line.medicationId, Name: medicationName ?? '' } : null,
            FreeText: line.freeText,
            Quantity: line.quantity,
            Unit: line.unit,
            Note: line.note,
          })),
        Reason: order.reason,
        DecisionReason: order.decisionReason,
        CreatedAt: order.createdAt.toISOString(),
        CreatedBy: h.createdBy,
        SentAt: order.sentAt?.toISOString() ?? null,
        ExpiresAt:
          open && order.sentAt
            ? new Date(order.sentAt.getTime() + ORDER_EXPIRY_DAYS * DAY_MS).toISOString()
            : null,
        History: history
          .filter((e) => e.entry.orderId === id)
          .map(({ entry, username }) => ({
            At: entry.at.toISOString(),
            By: username,
            From: entry.fromStatus,
            To: entry.toStatus,
            Sent: entry.sent,
            Reason: entry.reason,
          })),
      },
    ];
  });
}

/** The order row when it is in scope; undefined otherwise (missing and foreign look the same). */
export async function findOrder(db: Db | Tx, id: number, scope: OrderScope, forUpdate = false) {
  const base = db
    .select()
    .from(o)
    .where(and(eq(o.id, id), scopeWhere(scope)));
  const [row] = await (forUpdate ? base.for('update') : base);
  return row;
}

/** Inserts an order with its lines and, when sent, the history entry. Returns the id. */
export async function insertOrder(
  tx: Tx,
  values: {
    entityId: number;
    pharmacyEntityId: number;
    departmentId: number | null;
    patientId: number | null;
    accountId: number;
    at: Date;
  },
  body: OrderCreateBody,
): Promise<number> {
  const [row] = await tx
    .insert(o)
    .values({
      entityId: values.entityId,
      pharmacyEntityId: values.pharmacyEntityId,
      departmentId: values.departmentId,
      patientId: values.patientId,
      urgent: body.Urgent,
      reason: body.Reason,
      createdBy: values.accountId,
      createdAt: values.at,
      updatedAt: values.at,
      sentAt: body.Send ? values.at : null,
    })
    .returning({ id: o.id });
  const id = row!.id;
  await tx.insert(orderLines).values(
    body.Lines.map((line, position) => ({
      orderId: id,
      position,
      medicationId: line.MedicationId,
      freeText: line.FreeText,
      quantity: line.Quantity,
      unit: line.Unit,
      note: line.Note,
    })),
  );
  if (body.Send)
    await tx.insert(orderHistory).values({
      orderId: id,
      at: values.at,
      accountId: values.accountId,
      fromStatus: null,
      toStatus: 'in_progress',
      sent: true,
    });
  return id;
}

/** Sends a draft (sets sent_at) and writes the history entry. */
export async function markSent(tx: Tx, id: number, accountId: number, at: Date): Promise<void> {
  await tx
    .update(o)
    .set({ sentAt: at, updatedAt: at })
    .where(and(eq(o.id, id), isNull(o.sentAt)));
  await tx
    .insert(orderHistory)
    .values({ orderId: id, at, accountId, fromStatus: null, toStatus: 'in_progress', sent: true });
}

/** Moves an order from `from` to `to` and writes the history entry; false when it was no longer `from`. */
export async function changeStatus(
  tx: Tx,
  id: number,
  change: {
    from: OrderStatus;
    to: OrderStatus;
    reason: string | null;
    accountId: number;
    at: Date;
    decision: boolean;
  },
): Promise<boolean> {
  const updated = await tx
    .update(o)
    .set({
      status: change.to,
      updatedAt: change.at,
      ...(change.decision ? { decisionReason: change.reason } : {}),
    })
    .where(and(eq(o.id, id), eq(o.status, change.from)))
    .returning({ id: o.id });
  if (updated.length === 0) return false;
  await tx.insert(orderHistory).values({
    orderId: id,
    at: change.at,
    accountId: change.accountId,
    fromStatus: change.from,
    toStatus: change.to,
    reason: change.reason,
  });
  return true;
}

/**
 * Expires open orders sent more than ORDER_EXPIRY_DAYS ago, in one statement: rows another instance
 * is expiring right now are skipped (FOR UPDATE SKIP LOCKED) and a row already expired no longer
 * matches `status = 'in_progress'`, so running it twice, or on two instances at once, expires each
 * order once and writes one history entry for it. Returns the number of orders expired.
 */
export async function expireOrders(db: Db, now: Date, batch = 1000): Promise<number> {
  const cutoff = new Date(now.getTime() - ORDER_EXPIRY_DAYS * DAY_MS);
  const result = await db.execute(sql`
    with due as (
      select id from ${o}
      where status = 'in_progress' and sent_at is not null and sent_at < ${cutoff.toISOString()}
      order by sent_at
      limit ${batch}
      for update skip locked
    ), expired as (
      update ${o} set status = 'expired', updated_at = ${now.toISOString()}
      from due where ${o}.id = due.id and ${o}.status = 'in_progress'
      returning ${o}.id
    )
    insert into ${orderHistory} (order_id, at, account_id, from_status, to_status, sent, reason)
    select id, ${now.toISOString()}, null, 'in_progress', 'expired', false, null from expired
    returning order_id`);
  return rowsOf(result).length;
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

/** Open (in progress, sent) orders in scope: the dashboard tile. */
export async function countOpen(db: Db, scope: OrderScope): Promise<number> {
  if (scope.side === 'pharmacy' && scope.careCentreIds.length === 0) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(o)
    .where(and(scopeWhere(scope), eq(o.status, 'in_progress'), isNotNull(o.sentAt)));
  return row?.n ?? 0;
}
