import {
  COUMARINS,
  type Coumarin,
  type InrInterpretation,
  type InrMethod,
  type TargetGroup,
} from '@zorgportaal/contract';
import { and, asc, desc, eq, gt, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import * as t from './tables.ts';
import { type Scope } from '../../platform/scope.ts';
import { inPatientScope } from '../medication/public.ts';
import { selectPatients, toPatient } from '../medication/public.ts';
import { dosageSchemes, inrTargetRanges, inrValues } from './schema.ts';

/** The only code touching the trombosis tables. */

export type TargetRangeRow = typeof inrTargetRanges.$inferSelect & { setBy: string | null };
export type InrValueRow = typeof inrValues.$inferSelect & { enteredBy: string | null };
export type SchemeRow = typeof dosageSchemes.$inferSelect & {
  createdBy: string | null;
  serviceName: string | null;
  servicePhone: string | null;
  serviceEmail: string | null;
};

/** A patient of one of the scope's entities, with the name and organisation the screens show. */
export async function findScopedPatient(db: Db, id: number, scope: Scope) {
  if (scope.length === 0) return undefined;
  const [row] = await selectPatients(db)
    .where(and(eq(t.patients.id, id), inPatientScope(scope, t.patients.entityId, t.patients.id)))
    .limit(1);
  return row && toPatient(row);
}

/** Every patient of the scope's care centres, with the organisation name; ordered by centre and name. */
export async function scopedPatients(db: Db, scope: Scope) {
  if (scope.length === 0) return [];
  const [rows, entityRows] = await Promise.all([
    selectPatients(db)
      .where(and(inPatientScope(scope, t.patients.entityId, t.patients.id), eq(t.persons.deleted, false)))
      .orderBy(asc(t.persons.lastName), asc(t.patients.id)),
    db
      .select({ id: t.entities.id, name: t.entities.name })
      .from(t.entities)
      .where(inArray(t.entities.id, scope)),
  ]);
  const names = new Map(entityRows.map((e) => [e.id, e.name]));
  return rows
    .map((row) => ({ ...toPatient(row), EntityName: names.get(row.patient.entityId) ?? '' }))
    .sort((a, b) => a.EntityName.localeCompare(b.EntityName, 'nl'));
}

export async function targetRangesOf(db: Db, patientIds: number[]): Promise<TargetRangeRow[]> {
  if (patientIds.length === 0) return [];
  const rows = await db
    .select({ range: inrTargetRanges, setBy: t.accounts.username })
    .from(inrTargetRanges)
    .leftJoin(t.accounts, eq(t.accounts.id, inrTargetRanges.createdByAccountId))
    .where(inArray(inrTargetRanges.patientId, patientIds))
    .orderBy(desc(inrTargetRanges.validFrom), desc(inrTargetRanges.id));
  return rows.map((r) => ({ ...r.range, setBy: r.setBy }));
}

export async function insertTargetRange(
  db: Db,
  values: { patientId: number; group: TargetGroup; low: number; high: number; accountId: number | null },
): Promise<void> {
  await db.insert(inrTargetRanges).values({
    patientId: values.patientId,
    targetGroup: values.group,
    lowTenths: Math.round(values.low * 10),
    highTenths: Math.round(values.high * 10),
    createdByAccountId: values.accountId,
  });
}

/** INR values of some patients, oldest first; `since` limits to measurements from then on. */
export async function inrValuesOf(db: Db, patientIds: number[], since?: Date): Promise<InrValueRow[]> {
  if (patientIds.length === 0) return [];
  const rows = await db
    .select({ value: inrValues, enteredBy: t.accounts.username })
    .from(inrValues)
    .leftJoin(t.accounts, eq(t.accounts.id, inrValues.createdByAccountId))
    .where(
      and(inArray(inrValues.patientId, patientIds), since ? gte(inrValues.measuredAt, since) : undefined),
    )
    .orderBy(asc(inrValues.measuredAt), asc(inrValues.id));
  return rows.map((r) => ({ ...r.value, enteredBy: r.enteredBy }));
}

/** The client an INR value belongs to (for a message about it); undefined when there is no such value. */
export async function inrValuePatient(db: Db, id: number): Promise<number | undefined> {
  const [row] = await db
    .select({ patientId: inrValues.patientId })
    .from(inrValues)
    .where(eq(inrValues.id, id));
  return row?.patientId;
}

/** The newest `n` INR values per patient, newest first. */
export async function latestInrValues(db: Db, patientIds: number[], n = 1) {
  if (patientIds.length === 0) return [];
  const ranked = db
    .select({
      patientId: inrValues.patientId,
      valueTenths: inrValues.valueTenths,
      measuredAt: inrValues.measuredAt,
      interpretation: inrValues.interpretation,
      rank: sql<number>`row_number() over (partition by ${inrValues.patientId} order by ${inrValues.measuredAt} desc, ${inrValues.id} desc)`.as(
        'rank',
      ),
    })
    .from(inrValues)
    .where(inArray(inrValues.patientId, patientIds))
    .as('ranked');
  return db.select().from(ranked).where(lte(ranked.rank, n)).orderBy(ranked.patientId, ranked.rank);
}

export async function insertInrValue(
  db: Db,
  values: {
    patientId: number;
    value: number;
    measuredAt: Date;
    method: InrMethod;
    note: string | null;
    low: number;
    high: number;
    interpretation: InrInterpretation;
    accountId: number | null;
  },
): Promise<number> {
  const [row] = await db
    .insert(inrValues)
    .values({
      patientId: values.patientId,
      valueTenths: Math.round(values.value * 10),
      measuredAt: values.measuredAt,
      method: values.method,
      note: values.note,
      lowTenths: Math.round(values.low * 10),
      highTenths: Math.round(values.high * 10),
      interpretation: values.interpretation,
      createdByAccountId: values.accountId,
    })
    .returning({ id: inrValues.id });
  return row!.id;
}

/** Critical values of the scope's patients measured from `since` on, newest first. */
export async function criticalValuesSince(db: Db, scope: Scope, since: Date) {
  if (scope.length === 0) return [];
  return db
    .select({
      patientId: inrValues.patientId,
      valueTenths: inrValues.valueTenths,
      measuredAt: inrValues.measuredAt,
    })
    .from(inrValues)
    .innerJoin(t.patients, eq(t.patients.id, inrValues.patientId))
    .where(
      and(
        inPatientScope(scope, t.patients.entityId, t.patients.id),
        eq(inrValues.interpretation, 'critical'),
        gte(inrValues.measuredAt, since),
      ),
    )
    .orderBy(desc(inrValues.measuredAt));
}

/** Schemes of some patients, newest first (by start, then by entry). */
export async function schemesOf(db: Db, patientIds: number[]): Promise<SchemeRow[]> {
  if (patientIds.length === 0) return [];
  const rows = await db
    .select({
      scheme: dosageSchemes,
      createdBy: t.accounts.username,
      serviceName: t.entities.name,
      // Empty means not set (a Beheerder cleared it).
      servicePhone: sql<string | null>`nullif(${t.entities.settings}->>'ContactPhone', '')`,
      serviceEmail: sql<string | null>`nullif(${t.entities.settings}->>'ContactEmail', '')`,
    })
    .from(dosageSchemes)
    .leftJoin(t.accounts, eq(t.accounts.id, dosageSchemes.createdByAccountId))
    .leftJoin(t.entities, eq(t.entities.id, t.accounts.entityId))
    .where(inArray(dosageSchemes.patientId, patientIds))
    .orderBy(desc(dosageSchemes.validFrom), desc(dosageSchemes.id));
  return rows.map(({ scheme, ...about }) => ({ ...scheme, ...about }));
}

/** Schemes in force on `day` for the scope's patients: the newest start on or before that day. */
export async function schemesInForce(db: Db, patientIds: number[], day: string): Promise<SchemeRow[]> {
  if (patientIds.length === 0) return [];
  const rows = await db
    .selectDistinctOn([dosageSchemes.patientId], { scheme: dosageSchemes })
    .from(dosageSchemes)
    .where(and(inArray(dosageSchemes.patientId, patientIds), lte(dosageSchemes.validFrom, day)))
    .orderBy(dosageSchemes.patientId, desc(dosageSchemes.validFrom), desc(dosageSchemes.id));
  return rows.map((r) => ({
    ...r.scheme,
    createdBy: null,
    serviceName: null,
    servicePhone: null,
    serviceEmail: null,
  }));
}

export async function insertScheme(
  db: Db,
  values: {
    patientId: number;
    drug: Coumarin;
    validFrom: string;
    tabletsPerDay: number[];
    nextCheck: string;
    note: string | null;
    range: { Low: number; High: number } | null;
    accountId: number | null;
  },
): Promise<number> {
  const [row] = await db
    .insert(dosageSchemes)
    .values({
      patientId: values.patientId,
      drug: values.drug,
      validFrom: values.validFrom,
      halvesPerDay: values.tabletsPerDay.map((n) => Math.round(n * 2)),
      nextCheck: values.nextCheck,
      note: values.note,
      lowTenths: values.range ? Math.round(values.range.Low * 10) : null,
      highTenths: values.range ? Math.round(values.range.High * 10) : null,
      createdByAccountId: values.accountId,
    })
    .returning({ id: dosageSchemes.id });
  return row!.id;
}

/** Critical INR values per client measured from `since` on (the VP dashboard's INR alerts). */
export async function criticalCounts(
  db: Db,
  patientIds: number[],
  since: Date,
): Promise<Map<number, number>> {
  if (patientIds.length === 0) return new Map();
  const rows = await db
    .select({ patientId: inrValues.patientId, count: sql<number>`count(*)::int` })
    .from(inrValues)
    .where(
      and(
        inArray(inrValues.patientId, patientIds),
        eq(inrValues.interpretation, 'critical'),
        gte(inrValues.measuredAt, since),
      ),
    )
    .groupBy(inrValues.patientId);
  return new Map(rows.map((r) => [r.patientId, r.count]));
}

/** The coumarin products of the patients' agreements active at `at` (started, not ended), one row each. */
export async function activeCoumarinAgreements(
  db: Db,
  patientIds: number[],
  at: Date,
): Promise<{ patientId: number; product: string }[]> {
  if (patientIds.length === 0) return [];
  return db
    .select({ patientId: t.medicationAgreements.patientId, product: t.medications.name })
    .from(t.medicationAgreements)
    .innerJoin(t.medications, eq(t.medications.id, t.medicationAgreements.medicationId))
    .where(
      and(
        inArray(t.medicationAgreements.patientId, patientIds),
        inArray(
          t.medications.name,
          Object.values(COUMARINS).map((c) => c.Product),
        ),
        lte(t.medicationAgreements.startAt, at),
        or(isNull(t.medicationAgreements.endAt), gt(t.medicationAgreements.endAt, at)),
      ),
    )
    .orderBy(asc(t.medicationAgreements.patientId), asc(t.medicationAgreements.id));
}
