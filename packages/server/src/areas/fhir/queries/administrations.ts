import { asc, count, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../platform/db/client.ts';
import type { Scope } from '../../../platform/scope.ts';
import { inPatientScope } from '../../medication/public.ts';
import type { DateBound } from '../params.ts';
import * as t from '../tables.ts';
import { allOf, type CommonFilter, commonConditions, dateConditions, type Page, whereAll } from './where.ts';

export interface AdministrationFilter extends CommonFilter {
  patientIds?: number[][];
  bsns?: string[][];
  /** FHIR MedicationAdministration.status codes. */
  statuses?: string[][];
  effectiveTime?: DateBound[];
}

const r = t.administrations;
/** The registration that corrects this one, if any (a correction never overwrites: it points back). */
const correction = alias(t.administrations, 'correction');

/**
 * The registration's FHIR status, in SQL so the `status` search and the resource agree: one that a later
 * registration corrected, and a withdrawal (undo, `cancelled`), are entered-in-error (not to be counted);
 * given and partly given are completed; not given, refused and failed are not-done.
 */
const fhirStatus = sql<string>`case
  when ${correction.id} is not null or ${r.status} = 'cancelled' then 'entered-in-error'
  when ${r.status} in ('given', 'partial') then 'completed'
  else 'not-done' end`;
/** The moment the resource names: when it was given, else the planned moment (moment_at). */
const effective = sql<Date>`coalesce(${r.administeredAt}, ${r.momentAt})`;
/** The registration, its double check and a correction of it are what change it. */
const lastUpdated = sql<Date>`greatest(${r.recordedAt}, ${r.doubleCheckAt}, ${correction.recordedAt})`;

const where = (scope: Scope, filter: AdministrationFilter, page: Page | null): SQL | undefined =>
  whereAll([
    inPatientScope(scope, r.entityId, r.patientId),
    ...allOf(r.patientId, filter.patientIds),
    ...allOf(t.patients.bsn, filter.bsns),
    ...allOf(fhirStatus, filter.statuses),
    ...dateConditions(effective, filter.effectiveTime),
    ...commonConditions(r.id, lastUpdated, filter, page),
  ]);

/** Registrations (eTDR) of clients in `scope`, every one: deviations, corrections and withdrawals included. */
export function findAdministrations(db: Db, scope: Scope, filter: AdministrationFilter, page: Page) {
  return db
    .select({
      registration: r,
      status: fhirStatus,
      correctedById: correction.id,
      doseUnit: sql<string | null>`${t.medicationAgreements.instructions}->>'DoseUnit'`,
      route: t.medications.route,
      lastUpdated: sql<string>`${lastUpdated}`.mapWith((v: string | Date) => new Date(v)),
    })
    .from(r)
    .innerJoin(t.patients, eq(t.patients.id, r.patientId))
    .innerJoin(t.medicationAgreements, eq(t.medicationAgreements.id, r.agreementId))
    .innerJoin(t.medications, eq(t.medications.id, r.medicationId))
    .leftJoin(correction, eq(correction.correctsId, r.id))
    .where(where(scope, filter, page))
    .orderBy(asc(r.id))
    .limit(page.limit);
}

export type AdministrationRow = Awaited<ReturnType<typeof findAdministrations>>[number];

export async function countAdministrations(db: Db, scope: Scope, filter: AdministrationFilter) {
  const [row] = await db
    .select({ n: count() })
    .from(r)
    .innerJoin(t.patients, eq(t.patients.id, r.patientId))
    .leftJoin(correction, eq(correction.correctsId, r.id))
    .where(where(scope, filter, null));
  return row?.n ?? 0;
}
