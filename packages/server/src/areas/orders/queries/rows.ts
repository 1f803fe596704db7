import { ORDER_EXPIRY_DAYS, screenName, type Order } from '@zorgportaal/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../../platform/db/client.ts';
import * as t from '../tables.ts';
import { orderHistory, orderLines, orders as o } from '../schema.ts';

export const DAY_MS = 86_400_000;

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
