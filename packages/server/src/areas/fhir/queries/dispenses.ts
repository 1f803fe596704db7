import { asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import type { Scope } from '../../../platform/scope.ts';
import { inPatientScope } from '../../medication/public.ts';
import { agreementFhirStatus } from './agreements.ts';
import * as t from '../tables.ts';
import { allOf, type CommonFilter, commonConditions, type Page, whereAll } from './where.ts';

export interface DispenseFilter extends CommonFilter {
  patientIds?: number[][];
  bsns?: string[][];
  /** FHIR MedicationDispense.status codes. */
  statuses?: string[][];
}

const a = t.medicationAgreements;

/**
 * The administration agreement's status, from its agreement's (`agreementFhirStatus`): in force or to start
 * `in-progress`, otherwise as the agreement ended (completed, stopped, on-hold, cancelled).
 */
export function dispenseFhirStatus(now: Date): SQL<string> {
  const agreement = agreementFhirStatus(now);
  return sql<string>`case (${agreement}) when 'active' then 'in-progress' else (${agreement}) end`;
}

/** A gds agreement changes when it is recorded, ended by a change or stopped. */
const lastUpdated = sql<Date>`coalesce(${a.updatedAt}, ${a.createdAt})`;

const where = (scope: Scope, filter: DispenseFilter, page: Page | null, now: Date) =>
  whereAll([
    eq(a.distributionForm, 'gds'),
    inPatientScope(scope, a.entityId, a.patientId),
    ...allOf(a.patientId, filter.patientIds),
    ...allOf(t.patients.bsn, filter.bsns),
    ...allOf(dispenseFhirStatus(now), filter.statuses),
    ...commonConditions(a.id, lastUpdated, filter, page),
  ]);

/**
 * The administration agreements (MP9 toedieningsafspraak) of clients in `scope`: every agreement whose
 * distribution form is gds, which the client's pharmacy supplies in its Baxter rolls, with the pharmacy.
 */
export function findDispenses(db: Db, scope: Scope, filter: DispenseFilter, page: Page, now: Date) {
  return db
    .select({
      agreement: a,
      route: t.medications.route,
      status: dispenseFhirStatus(now),
      pharmacyId: t.patients.pharmacyEntityId,
      pharmacyName: t.entities.name,
      lastUpdated: sql<string>`${lastUpdated}`.mapWith((v: string | Date) => new Date(v)),
    })
    .from(a)
    .innerJoin(t.patients, eq(t.patients.id, a.patientId))
    .innerJoin(t.medications, eq(t.medications.id, a.medicationId))
    .leftJoin(t.entities, eq(t.entities.id, t.patients.pharmacyEntityId))
    .where(where(scope, filter, page, now))
    .orderBy(asc(a.id))
    .limit(page.limit);
}

export type DispenseRow = Awaited<ReturnType<typeof findDispenses>>[number];

export async function countDispenses(db: Db, scope: Scope, filter: DispenseFilter, now: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(a)
    .innerJoin(t.patients, eq(t.patients.id, a.patientId))
    .where(where(scope, filter, null, now));
  return row?.n ?? 0;
}
