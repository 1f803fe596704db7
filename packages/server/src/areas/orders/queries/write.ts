import { ORDER_EXPIRY_DAYS, type OrderCreateBody, type OrderStatus } from '@zorgportaal/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../../../platform/db/client.ts';
import { orderHistory, orderLines, orders as o } from '../schema.ts';
import { DAY_MS } from './rows.ts';
import { scopeWhere, type OrderScope } from './scope.ts';

export type OrderRow = typeof o.$inferSelect;

/** The order row when it is in scope; undefined otherwise (missing and foreign look the same). */
export async function findOrder(db: Db | Tx, id: number, scope: OrderScope, forUpdate = false) {
  const base = db
    .select()
    .from(o)
    .where(and(eq(o.id, id), scopeWhere(scope)));
  const [row] = await (forUpdate ? base.for('update') : base);
  return row;
}

/**
 * Who an order is between, for a message about it: the care centre, and the pharmacy once the order was
 * sent (before that it is the care centre's draft); plus its client. Undefined when there is no such order.
 */
export async function orderParties(db: Db, id: number) {
  const [row] = await db
    .select({
      entityId: o.entityId,
      pharmacyId: o.pharmacyEntityId,
      sentAt: o.sentAt,
      patientId: o.patientId,
    })
    .from(o)
    .where(eq(o.id, id));
  if (!row) return undefined;
  return {
    parties: row.sentAt ? [row.entityId, row.pharmacyId] : [row.entityId],
    patientId: row.patientId,
  };
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
