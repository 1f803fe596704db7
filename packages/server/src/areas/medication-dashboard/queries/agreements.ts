import { and, asc, desc, eq, gt, gte, isNotNull, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import {
  consents,
  departments,
  entities,
  medicationAgreements as a,
  medications,
  patients,
  persons,
} from '../tables.ts';
import { clientFields, clientRow, clientVisible, type DashboardContext, dashboardList } from './base.ts';

/**
 * The prescriber's signature is still missing (the VP's and the AMO's rule, vp/prescriber.ts
 * `awaitsSignature`): the agreement is in force or still to start (`agreementStatus` active or future) and
 * eTDR holds no authorised signature for it.
 */
export const awaitsSignatureSql = (now: Date): SQL =>
  and(
    or(
      and(gt(a.startAt, now), isNull(a.stopType)),
      and(lte(a.startAt, now), or(isNull(a.endAt), gt(a.endAt, now))),
    ),
    sql`not exists (select 1 from ${consents} where ${consents.agreementId} = ${a.id} and ${consents.kind} = 'authorized')`,
  )!;

const inWeek = (column: typeof a.startAt | typeof a.endAt, ctx: DashboardContext) =>
  and(gte(column, ctx.week.start), lt(column, ctx.week.end))!;

/** One agreement list: its condition and the instant it shows (the start, or the end of a stop). */
function agreementList(where: (ctx: DashboardContext) => SQL, shows: 'start' | 'end') {
  const at = shows === 'start' ? a.startAt : a.endAt;
  return dashboardList(
    (db: Db, ctx: DashboardContext) =>
      db
        .select({
          ...clientFields,
          AgreementId: a.id,
          Medication: medications.name,
          Prescriber: a.prescriber,
          at,
          reason: a.reason,
          stopReason: a.stopReason,
          StopType: a.stopType,
        })
        .from(a)
        .innerJoin(patients, eq(patients.id, a.patientId))
        .innerJoin(persons, eq(persons.id, patients.personId))
        .innerJoin(departments, eq(departments.id, patients.departmentId))
        .innerJoin(entities, eq(entities.id, patients.entityId))
        .innerJoin(medications, eq(medications.id, a.medicationId))
        .where(and(clientVisible(ctx.scope), where(ctx)))
        .orderBy(shows === 'end' ? desc(at) : asc(at), asc(a.id)),
    ({ at: instant, reason, stopReason, AgreementId, Medication, Prescriber, StopType, ...client }) => ({
      ...clientRow(client),
      AgreementId,
      Medication,
      Prescriber,
      At: instant?.toISOString() ?? null,
      Reason: shows === 'end' ? stopReason : reason,
      StopType,
    }),
  );
}

/** A new agreement (not the successor of a change) starting this week. */
export const startedList = agreementList(
  (ctx) => and(isNull(a.replacesId), inWeek(a.startAt, ctx))!,
  'start',
);

/** The successor of a change taking effect this week. */
export const changedList = agreementList(
  (ctx) => and(isNotNull(a.replacesId), inWeek(a.startAt, ctx))!,
  'start',
);

/** Stopped, paused or cancelled with its end this week (a change ends the old row without a stop type). */
export const stoppedList = agreementList(
  (ctx) => and(isNotNull(a.stopType), isNotNull(a.endAt), inWeek(a.endAt, ctx))!,
  'end',
);

/** Agreements waiting for the prescriber's signature, whenever they started. */
export const unsignedList = agreementList((ctx) => awaitsSignatureSql(ctx.now), 'start');
