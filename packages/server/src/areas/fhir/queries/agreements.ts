import { asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import type { Scope } from '../../../platform/scope.ts';
import { inPatientScope } from '../../medication/public.ts';
import type { DateBound } from '../params.ts';
import * as t from '../tables.ts';
import { allOf, type CommonFilter, commonConditions, dateConditions, type Page, whereAll } from './where.ts';

export interface AgreementFilter extends CommonFilter {
  patientIds?: number[][];
  /** The client's BSN (`patient.identifier`). */
  bsns?: string[][];
  /** FHIR MedicationRequest.status codes. */
  statuses?: string[][];
  authoredOn?: DateBound[];
}

const a = t.medicationAgreements;

/**
 * The agreement's FHIR status at `now`, in SQL so that the `status` search and the resource agree
 * (medication's `agreementStatus` in words): in force or still to start → active; ended by its end date
 * or a change → completed; ended by a stop → stopped, on-hold (paused) or cancelled, as its stop type says.
 */
export function agreementFhirStatus(now: Date): SQL<string> {
  const at = now.toISOString();
  return sql<string>`case
    when ${a.startAt} <= ${at} and (${a.endAt} is null or ${a.endAt} > ${at}) then 'active'
    when ${a.stopType} = 'stopped' then 'stopped'
    when ${a.stopType} = 'paused' then 'on-hold'
    when ${a.stopType} = 'cancelled' then 'cancelled'
    when ${a.startAt} > ${at} then 'active'
    else 'completed' end`;
}

const where = (scope: Scope, filter: AgreementFilter, page: Page | null, now: Date) =>
  whereAll([
    inPatientScope(scope, a.entityId, a.patientId),
    ...allOf(a.patientId, filter.patientIds),
    ...allOf(t.patients.bsn, filter.bsns),
    ...allOf(agreementFhirStatus(now), filter.statuses),
    ...dateConditions(a.createdAt, filter.authoredOn),
    ...commonConditions(a.id, null, filter, page),
  ]);

/** Medication agreements (MP9 medicatieafspraak) of clients in `scope`, by id, with the product's route. */
export function findAgreements(db: Db, scope: Scope, filter: AgreementFilter, page: Page, now: Date) {
  return db
    .select({ agreement: a, route: t.medications.route, status: agreementFhirStatus(now) })
    .from(a)
    .innerJoin(t.patients, eq(t.patients.id, a.patientId))
    .innerJoin(t.medications, eq(t.medications.id, a.medicationId))
    .where(where(scope, filter, page, now))
    .orderBy(asc(a.id))
    .limit(page.limit);
}

export type AgreementRow = Awaited<ReturnType<typeof findAgreements>>[number];

export async function countAgreements(db: Db, scope: Scope, filter: AgreementFilter, now: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(a)
    .innerJoin(t.patients, eq(t.patients.id, a.patientId))
    .where(where(scope, filter, null, now));
  return row?.n ?? 0;
}
