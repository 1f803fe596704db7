import { BAXTER_ROLL_DAYS, screenName, type BaxterFileError, type BaxterRoll } from '@zorgportaal/contract';
import { and, asc, count, eq, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../platform/db/client.ts';
import * as t from '../../platform/db/schema/index.ts';
import { plannedMoments, type PlanningAgreement } from '../administration/index.ts';
import type { AgreementChange } from '../../platform/agreement-changes.ts';
import { addDays, dayBounds, localDate } from '../../platform/time.ts';
import type { FileLine } from './roll-file.ts';
import { baxterInterimChanges as ic, baxterRolls as r, baxterSachets } from './schema.ts';

const pharmacy = alias(t.entities, 'roll_pharmacy');
const layer = alias(t.accounts, 'roll_layer');
const handler = alias(t.accounts, 'roll_handler');
const recorder = alias(t.accounts, 'interim_recorder');

/** Rolls of one week in the visible care centres (own, or supplied), optionally one department. */
export async function listRolls(
  db: Db,
  scope: number[],
  weekStart: string,
  departmentId?: number,
): Promise<BaxterRoll[]> {
  const where: (SQL | undefined)[] = [inArray(r.entityId, scope), eq(r.periodStart, weekStart)];
  if (departmentId) where.push(eq(r.departmentId, departmentId));
  const rows = await db
    .select({
      roll: r,
      entityName: t.entities.name,
      pharmacyName: pharmacy.name,
      departmentName: t.departments.name,
      room: t.patients.room,
      firstNames: t.persons.firstNames,
      prefix: t.persons.lastNamePrefix,
      lastName: t.persons.lastName,
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
    .where(and(...where))
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
      Name: screenName({ FirstNames: x.firstNames, LastName: { Prefix: x.prefix, LastName: x.lastName } }),
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

/**
 * Records an interim change on every roll of the patient that is still running when the change takes
 * effect: its period (to the end of its last day) has not ended, neither at the change's moment nor now.
 * That includes rolls already laid out or handed over (their sachets are in the cabinet) and next week's.
 * Only changes of gds agreements count; the roll's sachets are left as they are.
 */
export async function recordInterimChange(
  tx: Tx,
  change: AgreementChange,
  now = new Date(),
): Promise<number> {
  if (!change.distributionForms.includes('gds')) return 0;
  const from = localDate(change.at > now ? change.at : now);
  const rolls = await tx
    .select({ id: r.id })
    .from(r)
    .where(and(eq(r.patientId, change.patientId), gte(r.periodEnd, from)));
  if (rolls.length === 0) return 0;
  await tx.insert(ic).values(
    rolls.map((roll) => ({
      rollId: roll.id,
      agreementId: change.agreementId,
      kind: change.kind,
      at: change.at,
      recordedBy: change.by,
    })),
  );
  return rolls.length;
}

/**
 * For the toedienlijst of `date`: per patient, the earliest moment from which a roll covering that day no
 * longer matches the agreements (an interim change). Moments at or after it are flagged.
 */
export async function interimChangesOn(
  db: Db,
  patientIds: number[],
  date: string,
): Promise<Map<number, Date>> {
  if (patientIds.length === 0) return new Map();
  const day = dayBounds(date);
  const rows = await db
    .select({ patientId: r.patientId, at: sql<Date>`min(${ic.at})`.mapWith(ic.at) })
    .from(ic)
    .innerJoin(r, eq(r.id, ic.rollId))
    .where(
      and(
        inArray(r.patientId, patientIds),
        lte(r.periodStart, date),
        gte(r.periodEnd, date),
        lt(ic.at, day.end),
      ),
    )
    .groupBy(r.patientId);
  return new Map(rows.map((x) => [x.patientId, x.at]));
}

/**
 * Rolls for the week from the patients' gds agreements, for the care centres this pharmacy supplies:
 * one roll per patient with at least one timed gds moment in the week, with a sachet per product per
 * moment. A roll that exists already is left as it is (idempotent).
 */
export async function generateRolls(
  tx: Tx,
  pharmacyId: number,
  careCentreIds: number[],
  weekStart: string,
): Promise<{ Created: number; Existing: number }> {
  if (careCentreIds.length === 0) return { Created: 0, Existing: 0 };
  const week = {
    start: dayBounds(weekStart).start,
    end: dayBounds(addDays(weekStart, BAXTER_ROLL_DAYS)).start,
  };
  const agreements = await tx
    .select({
      agreement: t.medicationAgreements,
      patient: t.patients,
      product: t.medications.name,
    })
    .from(t.medicationAgreements)
    .innerJoin(t.patients, eq(t.patients.id, t.medicationAgreements.patientId))
    .innerJoin(t.medications, eq(t.medications.id, t.medicationAgreements.medicationId))
    .where(
      and(
        inArray(t.patients.entityId, careCentreIds),
        eq(t.medicationAgreements.distributionForm, 'gds'),
        sql`${t.medicationAgreements.stopType} is distinct from 'cancelled'`,
        sql`${t.medicationAgreements.startAt} < ${week.end.toISOString()}`,
        sql`(${t.medicationAgreements.endAt} is null or ${t.medicationAgreements.endAt} > ${week.start.toISOString()})`,
      ),
    )
    .orderBy(asc(t.patients.id), asc(t.medicationAgreements.id));
  const byPatient = new Map<number, typeof agreements>();
  for (const a of agreements) byPatient.set(a.patient.id, [...(byPatient.get(a.patient.id) ?? []), a]);
  let created = 0;
  let existing = 0;
  for (const [patientId, own] of byPatient) {
    const planning: PlanningAgreement[] = own.map(({ agreement }) => agreement);
    const sachets: { at: Date; medicationId: number; product: string; quantity: number }[] = [];
    for (let d = 0; d < BAXTER_ROLL_DAYS; d++) {
      for (const slot of plannedMoments(planning, addDays(weekStart, d))) {
        if (!slot.scheduledAt) continue;
        const a = own.find((x) => x.agreement.id === slot.agreementId)!;
        sachets.push({
          at: slot.scheduledAt,
          medicationId: a.agreement.medicationId,
          product: a.product,
          quantity: slot.dose ?? 1,
        });
      }
    }
    if (sachets.length === 0) continue;
    const patient = own[0]!.patient;
    const [roll] = await tx
      .insert(r)
      .values({
        entityId: patient.entityId,
        pharmacyEntityId: pharmacyId,
        patientId,
        departmentId: patient.departmentId,
        periodStart: weekStart,
        periodEnd: addDays(weekStart, BAXTER_ROLL_DAYS - 1),
      })
      .onConflictDoNothing()
      .returning({ id: r.id });
    if (!roll) {
      existing++;
      continue;
    }
    created++;
    await tx.insert(baxterSachets).values(sachets.map((s) => ({ ...s, rollId: roll.id })));
  }
  return { Created: created, Existing: existing };
}

/** The roll when the caller may act on it: the pharmacy that makes it, or the care centre that receives it. */
export async function findRoll(db: Db | Tx, id: number, where: { pharmacyId?: number; entityId?: number }) {
  const [row] = await db
    .select()
    .from(r)
    .where(
      and(
        eq(r.id, id),
        where.pharmacyId !== undefined ? eq(r.pharmacyEntityId, where.pharmacyId) : undefined,
        where.entityId !== undefined ? eq(r.entityId, where.entityId) : undefined,
      ),
    )
    .for('update');
  return row;
}

export async function markLaidOut(tx: Tx, id: number, accountId: number, at: Date): Promise<boolean> {
  const rows = await tx
    .update(r)
    .set({ status: 'laid_out', laidOutAt: at, laidOutBy: accountId, updatedAt: at })
    .where(and(eq(r.id, id), eq(r.status, 'waiting_for_file')))
    .returning({ id: r.id });
  return rows.length > 0;
}

export async function markHandedOver(tx: Tx, id: number, accountId: number, at: Date): Promise<boolean> {
  const rows = await tx
    .update(r)
    .set({ status: 'handed_over', handedOverAt: at, handedOverBy: accountId, updatedAt: at })
    .where(and(eq(r.id, id), eq(r.status, 'laid_out')))
    .returning({ id: r.id });
  return rows.length > 0;
}

/**
 * Matches checked file lines to this pharmacy's rolls and catalogue products. Returns every problem
 * (line and field) or, when there is none, the plan: which roll gets which sachets.
 */
export async function matchFile(
  db: Db | Tx,
  pharmacyId: number,
  careCentreIds: number[],
  lines: FileLine[],
): Promise<{ errors: BaxterFileError[]; rolls: Map<number, FileLine[]>; products: Map<string, number> }> {
  const errors: BaxterFileError[] = [];
  const rolls = new Map<number, FileLine[]>();
  const names = [...new Set(lines.map((l) => l.product.toUpperCase()))];
  const products = new Map(
    (names.length
      ? await db
          .select({ id: t.medications.id, name: t.medications.name })
          .from(t.medications)
          .where(inArray(sql`upper(${t.medications.name})`, names))
      : []
    ).map((p) => [p.name.toUpperCase(), p.id]),
  );
  const weeks = [...new Set(lines.map((l) => l.periodStart))];
  const candidates =
    careCentreIds.length && weeks.length
      ? await db
          .select({ id: r.id, status: r.status, periodStart: r.periodStart, bsn: t.patients.bsn })
          .from(r)
          .innerJoin(t.patients, eq(t.patients.id, r.patientId))
          .where(
            and(
              eq(r.pharmacyEntityId, pharmacyId),
              inArray(r.entityId, careCentreIds),
              inArray(r.periodStart, weeks),
            ),
          )
      : [];
  for (const line of lines) {
    const roll = candidates.find((c) => c.bsn === line.bsn && c.periodStart === line.periodStart);
    if (!roll) errors.push({ Line: line.line, Field: 'bsn', Message: 'Geen rol voor dit BSN in deze week.' });
    else if (roll.status !== 'waiting_for_file')
      errors.push({ Line: line.line, Field: 'period_start', Message: 'Deze rol is al uitgezet.' });
    if (!products.has(line.product.toUpperCase()))
      errors.push({
        Line: line.line,
        Field: 'product',
        Message: 'Onbekend product (naam uit de catalogus).',
      });
    if (roll && roll.status === 'waiting_for_file') rolls.set(roll.id, [...(rolls.get(roll.id) ?? []), line]);
  }
  return { errors, rolls, products };
}

/** Replaces each roll's sachets by the file's and marks it laid out by the importer. */
export async function applyFile(
  tx: Tx,
  rolls: Map<number, FileLine[]>,
  products: Map<string, number>,
  accountId: number,
  at: Date,
): Promise<number> {
  let sachets = 0;
  for (const [rollId, lines] of rolls) {
    await tx.delete(baxterSachets).where(eq(baxterSachets.rollId, rollId));
    await tx.insert(baxterSachets).values(
      lines.map((l) => ({
        rollId,
        at: l.at,
        medicationId: products.get(l.product.toUpperCase()) ?? null,
        product: l.product,
        quantity: l.quantity,
      })),
    );
    sachets += lines.length;
    await tx
      .update(r)
      .set({
        status: 'laid_out',
        fromFile: true,
        fileImportedAt: at,
        laidOutAt: at,
        laidOutBy: accountId,
        updatedAt: at,
      })
      .where(and(eq(r.id, rollId), eq(r.status, 'waiting_for_file')));
  }
  return sachets;
}

/** Rolls waiting to be laid out: the pharmacy's own, or a care centre's. */
export async function countWaiting(
  db: Db,
  where: { pharmacyId?: number; entityId?: number },
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(r)
    .where(
      and(
        where.pharmacyId !== undefined ? eq(r.pharmacyEntityId, where.pharmacyId) : undefined,
        where.entityId !== undefined ? eq(r.entityId, where.entityId) : undefined,
        eq(r.status, 'waiting_for_file'),
      ),
    );
  return row?.n ?? 0;
}
