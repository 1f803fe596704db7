import type { BaxterRoll, BaxterStatus } from '@zorgportaal/contract';
import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../platform/db/client.ts';
import { personNameSql } from '../../persons/public.ts';
import * as t from '../tables.ts';
import { baxterInterimChanges as ic, baxterRolls as r, baxterSachets } from '../schema.ts';

const pharmacy = alias(t.entities, 'roll_pharmacy');
const layer = alias(t.accounts, 'roll_layer');
const handler = alias(t.accounts, 'roll_handler');
const recorder = alias(t.accounts, 'interim_recorder');

/** Which rolls a week list shows: visible care centres, one week, optionally a department and a status. */
export interface RollFilter {
  scope: number[];
  weekStart: string;
  departmentId?: number;
  status?: BaxterStatus;
}

/** The where clause of the week list and of its count (the dashboard tile): one definition. */
function rollsWhere(filter: RollFilter): SQL | undefined {
  return and(
    inArray(r.entityId, filter.scope),
    eq(r.periodStart, filter.weekStart),
    filter.departmentId ? eq(r.departmentId, filter.departmentId) : undefined,
    filter.status ? eq(r.status, filter.status) : undefined,
  );
}

/** How many rolls the week list with this filter shows. */
export async function countRolls(db: Db, filter: RollFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(r).where(rollsWhere(filter));
  return row?.n ?? 0;
}

/** Rolls of one week in the visible care centres (own, or supplied), optionally one department and status. */
export async function listRolls(db: Db, filter: RollFilter): Promise<BaxterRoll[]> {
  const rows = await db
    .select({
      roll: r,
      entityName: t.entities.name,
      pharmacyName: pharmacy.name,
      departmentName: t.departments.name,
      room: t.patients.room,
      patientName: personNameSql(t.persons, ''),
      laidOutBy: layer.username,
      handedOverBy: handler.username,
    })
    .from(r)
    .innerJoin(t.entities, eq(t.entities.id, r.entityId))
    .innerJoin(pharmacy, eq(pharmacy.id, r.pharmacyEntityId))
    .innerJoin(t.departments, eq(t.departments.id, r.departmentId))
    .innerJoin(t.patients, eq(t.patients.id, r.patientId))
    .innerJoin(t.persons, eq(t.persons.id, t.patients.personId))
    .leftJoin(layer, eq(layer.id, r.laidOutBy))
    .leftJoin(handler, eq(handler.id, r.handedOverBy))
    .where(rollsWhere(filter))
    .orderBy(asc(t.departments.name), asc(t.patients.room), asc(t.persons.lastName), asc(r.id));
  const ids = rows.map((x) => x.roll.id);
  const sachets = ids.length
    ? await db
        .select()
        .from(baxterSachets)
        .where(inArray(baxterSachets.rollId, ids))
        .orderBy(asc(baxterSachets.rollId), asc(baxterSachets.at), asc(baxterSachets.id))
    : [];
  const changes = ids.length
    ? await db
        .select({
          change: ic,
          product: t.medications.name,
          by: recorder.username,
        })
        .from(ic)
        .innerJoin(t.medicationAgreements, eq(t.medicationAgreements.id, ic.agreementId))
        .innerJoin(t.medications, eq(t.medications.id, t.medicationAgreements.medicationId))
        .leftJoin(recorder, eq(recorder.id, ic.recordedBy))
        .where(inArray(ic.rollId, ids))
        .orderBy(asc(ic.rollId), asc(ic.at), asc(ic.id))
    : [];
  return rows.map((x) => ({
    Id: x.roll.id,
    Entity: { Id: x.roll.entityId, Name: x.entityName },
    Pharmacy: { Id: x.roll.pharmacyEntityId, Name: x.pharmacyName },
    Patient: {
      Id: x.roll.patientId,
      Name: x.patientName,
    },
    Room: x.room,
    Department: { Id: x.roll.departmentId, Name: x.departmentName },
    PeriodStart: x.roll.periodStart,
    PeriodEnd: x.roll.periodEnd,
    Status: x.roll.status,
    FromFile: x.roll.fromFile,
    LaidOut: x.roll.laidOutAt ? { By: x.laidOutBy, At: x.roll.laidOutAt.toISOString() } : null,
    HandedOver: x.roll.handedOverAt ? { By: x.handedOverBy, At: x.roll.handedOverAt.toISOString() } : null,
    Sachets: sachets
      .filter((s) => s.rollId === x.roll.id)
      .map((s) => ({ At: s.at.toISOString(), Product: s.product, Quantity: s.quantity })),
    InterimChanges: interimChangesOf(changes.filter((c) => c.change.rollId === x.roll.id)),
  }));
}

function interimChangesOf(
  rows: { change: typeof ic.$inferSelect; product: string; by: string | null }[],
): BaxterRoll['InterimChanges'] {
  return {
    Count: rows.length,
    Changes: rows.map(({ change, product, by }) => ({
      Kind: change.kind,
      AgreementId: change.agreementId,
      Product: product,
      At: change.at.toISOString(),
      RecordedAt: change.recordedAt.toISOString(),
      RecordedBy: by,
    })),
  };
}
