import { and, eq, gte, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import type { Scope } from '../../../platform/scope.ts';
import { inPatientScope } from '../../medication/public.ts';
import { personNameSql } from '../../persons/public.ts';
import * as t from '../tables.ts';
import { isEffective } from './day-list.ts';

const s = t.administrationScans;
/** The client's screen name, when the client is in the caller's scope (else null: not theirs to see). */
export async function patientNameInScope(db: Db, patientId: number, scope: Scope): Promise<string | null> {
  const [row] = await db
    .select({ name: personNameSql(t.persons, sql`''`) })
    .from(t.patients)
    .innerJoin(t.persons, eq(t.persons.id, t.patients.personId))
    .where(and(eq(t.patients.id, patientId), inPatientScope(scope, t.patients.entityId, t.patients.id)));
  return row ? row.name : null;
}

/** The catalogue product a scanned GTIN belongs to. */
export async function productOfGtin(db: Db, gtin: string): Promise<number | null> {
  const [row] = await db
    .select({ id: t.medications.id })
    .from(t.medications)
    .where(eq(t.medications.gtin, gtin));
  return row?.id ?? null;
}

/**
 * What the sachet's roll says about a moment: whether the roll is the patient's (a code naming a roll of
 * someone else is no sachet of ours), and whether its sachet at `at` holds the product.
 */
export async function sachetContents(
  db: Db,
  code: { rollId: number; patientId: number },
  at: Date,
  medicationId: number,
): Promise<{ rollOfPatient: boolean; holdsProduct: boolean }> {
  const [row] = await db
    .select({ patientId: t.baxterRolls.patientId, sachet: t.baxterSachets.id })
    .from(t.baxterRolls)
    .leftJoin(
      t.baxterSachets,
      and(
        eq(t.baxterSachets.rollId, t.baxterRolls.id),
        eq(t.baxterSachets.at, at),
        eq(t.baxterSachets.medicationId, medicationId),
      ),
    )
    .where(eq(t.baxterRolls.id, code.rollId))
    .limit(1);
  return { rollOfPatient: row?.patientId === code.patientId, holdsProduct: Boolean(row?.sachet) };
}

export type ScanRow = typeof s.$inferInsert;

export async function insertScan(db: Db, row: ScanRow): Promise<void> {
  await db.insert(s).values(row);
}

export type ScanFigures = { departmentId: number; scans: number; mismatches: number; scannedGiven: number };

/**
 * Scans per department in a period: how many, how many caught something, and how many planned moments
 * given in the period had a passing scan before their registration. Reads the scans (small) and reaches
 * the registrations through the planned-moment index, never the whole period's registrations.
 */
export async function scanFigures(
  db: Db,
  scope: Scope,
  period: { start: Date; end: Date },
  filter: { departmentId?: number; patientId?: number; medicationId?: number },
): Promise<ScanFigures[]> {
  const where: SQL[] = [inPatientScope(scope, s.entityId, s.patientId)];
  if (filter.departmentId) where.push(eq(s.departmentId, filter.departmentId));
  if (filter.patientId) where.push(eq(s.patientId, filter.patientId));
  if (filter.medicationId) where.push(eq(s.medicationId, filter.medicationId));
  const counted = await db
    .select({
      departmentId: s.departmentId,
      scans: sql<number>`count(*)::int`,
      mismatches: sql<number>`(count(*) filter (where not ${s.passed}))::int`,
    })
    .from(s)
    .where(and(...where, gte(s.scannedAt, period.start), lt(s.scannedAt, period.end)))
    .groupBy(s.departmentId);
  const moments = db
    .selectDistinct({ agreementId: s.agreementId, scheduledAt: s.scheduledAt, scannedAt: s.scannedAt })
    .from(s)
    .where(
      and(
        ...where,
        s.passed,
        isNotNull(s.scheduledAt),
        gte(s.scheduledAt, period.start),
        lt(s.scheduledAt, period.end),
      ),
    )
    .as('scanned');
  const a = t.administrations;
  const given = await db
    .select({ departmentId: a.departmentId, n: sql<number>`count(distinct ${a.id})::int` })
    .from(moments)
    .innerJoin(
      a,
      and(
        eq(a.agreementId, moments.agreementId),
        eq(a.scheduledAt, moments.scheduledAt),
        // A scan counts for the registration it preceded.
        lt(moments.scannedAt, a.recordedAt),
      ),
    )
    .where(and(inArray(a.status, ['given']), isEffective))
    .groupBy(a.departmentId);
  const figures = new Map<number, ScanFigures>();
  const of = (departmentId: number) =>
    figures.get(departmentId) ??
    figures.set(departmentId, { departmentId, scans: 0, mismatches: 0, scannedGiven: 0 }).get(departmentId)!;
  for (const row of counted)
    Object.assign(of(row.departmentId), { scans: row.scans, mismatches: row.mismatches });
  for (const row of given) of(row.departmentId).scannedGiven = row.n;
  return [...figures.values()];
}

/** Given doses per department from the daily roll-up (the overview's own source), same filters. */
export async function givenPerDepartment(
  db: Db,
  scope: Scope,
  days: { from: string; to: string },
  filter: { departmentId?: number; patientId?: number; medicationId?: number },
): Promise<Map<number, number>> {
  const d = t.administrationDays;
  const where: SQL[] = [
    inPatientScope(scope, d.entityId, d.patientId),
    eq(d.status, 'given'),
    gte(d.day, days.from),
    sql`${d.day} <= ${days.to}`,
  ];
  if (filter.departmentId) where.push(eq(d.departmentId, filter.departmentId));
  if (filter.patientId) where.push(eq(d.patientId, filter.patientId));
  if (filter.medicationId) where.push(eq(d.medicationId, filter.medicationId));
  const rows = await db
    .select({ departmentId: d.departmentId, n: sql<number>`sum(${d.count})::int` })
    .from(d)
    .where(and(...where))
    .groupBy(d.departmentId);
  return new Map(rows.map((row) => [row.departmentId, row.n]));
}
