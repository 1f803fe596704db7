/**
 * The Toedienlijst's builder as it was before the stored planned moments and the one data statement
 * (commit 0cd0d0f, seven statements and `plannedMoments` per read), kept for day-list-equality.test.ts:
 * the new builder must answer exactly this over the demo world. Remove together with that test.
 */
import {
  type DayList,
  type DepartmentOption,
  type PlannedMoment,
  type RiskCategory,
  screenName,
  isRiskProduct,
} from '@zorgportaal/contract';
import { and, asc, eq, gt, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import * as t from '../tables.ts';
import { progressOf } from '../day-progress.ts';
import { plannedMoments } from '../../medication/public.ts';
import { toRegistration } from '../registration-mapper.ts';
import { loadUsers } from '../queries/users.ts';
import { isLate, isWithdrawn } from '../rules.ts';
import { dayBounds } from '../../../platform/time.ts';
import { coumarinDose, coumarinDosesOn } from '../../trombosis/public.ts';
import { interimChangesOn } from '../../baxter/public.ts';
import { photoVersion } from '../photo-version.ts';
import { findEntity } from '../../../platform/entities.ts';
import { windowOf, type WindowSettings, windowSettingsOf } from '../time-window.ts';

/** Registrations that no later registration corrects: the ones that count (uses the corrects_id index). */
const isEffective = sql`not exists (select 1 from administrations as correction where correction.corrects_id = ${t.administrations.id})`;

/** The agreements of `patientIds` in force at some point of [start, end), with their product. */
function agreementsInForce(db: Db, patientIds: number[], start: Date, end: Date) {
  return db
    .select({ agreement: t.medicationAgreements, medication: t.medications })
    .from(t.medicationAgreements)
    .innerJoin(t.medications, eq(t.medications.id, t.medicationAgreements.medicationId))
    .where(
      and(
        inArray(t.medicationAgreements.patientId, patientIds),
        lt(t.medicationAgreements.startAt, end),
        or(isNull(t.medicationAgreements.endAt), gt(t.medicationAgreements.endAt, start)),
      ),
    );
}

/** A timed moment at or after the patient's interim change of the day's roll. */
const isAfterInterimChange = (since: Date | undefined, at: Date | null) =>
  since !== undefined && at !== null && at >= since;

/**
 * The toedienlijst of one department and day: planned moments derived from the agreements, each with
 * its effective registrations. Ordered by time (as-needed last), then room and patient.
 */
export async function buildDayListReference(
  db: Db,
  department: DepartmentOption,
  date: string,
  now = new Date(),
  /** The care centre's dose time window when the caller already has it (the caller cache): no query. */
  knownWindow?: WindowSettings,
): Promise<DayList> {
  const day = dayBounds(date);
  const patients = await db
    .select({ patient: t.patients, person: t.persons })
    .from(t.patients)
    .innerJoin(t.persons, eq(t.persons.id, t.patients.personId))
    .where(and(eq(t.patients.departmentId, department.Id), eq(t.persons.deleted, false)))
    .orderBy(asc(t.patients.room), asc(t.persons.lastName));
  const base = { DepartmentId: department.Id, DepartmentName: department.Name, Date: date };
  const empty = { ...base, Moments: [], Summary: progressOf({ Moments: [] }, now) };
  if (patients.length === 0) return empty;
  const found = await agreementsInForce(
    db,
    patients.map((p) => p.patient.id),
    day.start,
    day.end,
  );
  if (found.length === 0) return empty;
  const registrations = await db
    .select()
    .from(t.administrations)
    .where(
      and(
        inArray(
          t.administrations.agreementId,
          found.map((f) => f.agreement.id),
        ),
        gte(t.administrations.momentAt, day.start),
        lt(t.administrations.momentAt, day.end),
        isEffective,
      ),
    )
    .orderBy(asc(t.administrations.momentAt), asc(t.administrations.id));
  const users = await loadUsers(
    db,
    registrations.flatMap((r) => [r.recordedBy, r.doubleCheckBy]),
  );
  // Coumarins follow the trombosis service's dosage scheme of the day.
  const coumarinPatients = found
    .filter((f) => f.medication.riskCategories.includes('coumarine'))
    .map((f) => f.agreement.patientId);
  const doses = await coumarinDosesOn(db, coumarinPatients, date);
  // A Baxter roll that no longer matches the agreements: its moments from the change on are flagged.
  const interim = await interimChangesOn(
    db,
    patients.map((p) => p.patient.id),
    date,
  );
  // The care centre's dose time window: the list shows what registration enforces.
  const window = knownWindow ?? windowSettingsOf((await findEntity(db, department.EntityId))?.settings);
  const byAgreement = new Map(found.map((f) => [f.agreement.id, f]));
  const byPatient = new Map(
    patients.map((p, i) => [p.patient.id, { ...p, order: i, photo: photoVersion(p.person.avatar) }]),
  );

  const moments = plannedMoments(
    found.map((f) => f.agreement),
    date,
  ).map((slot): PlannedMoment & { order: number } => {
    const { agreement, medication } = byAgreement.get(slot.agreementId)!;
    const { patient, person, order, photo } = byPatient.get(agreement.patientId)!;
    const own = registrations
      .filter(
        (r) => r.agreementId === agreement.id && r.scheduledAt?.getTime() === slot.scheduledAt?.getTime(),
      )
      .map((r) => toRegistration(r, users, now));
    const risks = medication.riskCategories as RiskCategory[];
    return {
      order,
      Key: `${agreement.id}@${slot.scheduledAt?.toISOString() ?? 'prn'}`,
      AgreementId: agreement.id,
      PatientId: patient.id,
      PatientName: screenName({
        FirstNames: person.firstNames,
        LastName: { Prefix: person.lastNamePrefix, LastName: person.lastName },
      }),
      PhotoVersion: photo,
      Room: patient.room,
      MedicationId: medication.id,
      MedicationName: medication.name,
      ScheduledAt: slot.scheduledAt?.toISOString() ?? null,
      Time: slot.time,
      Dose: coumarinDose(doses, patient.id, medication.name, slot.dose),
      DoseUnit: agreement.instructions.DoseUnit,
      DistributionForm: agreement.distributionForm,
      SelfManaged: agreement.selfManaged,
      AsNeeded: slot.scheduledAt === null,
      AsNeededCriterion: agreement.instructions.AsNeededCriterion,
      AsNeededMaxPerDay: agreement.instructions.AsNeededMaxPerDay,
      RiskCategories: risks,
      DoubleCheckRequired: isRiskProduct(risks),
      ConsentMissing: patient.consentStatus !== 'given',
      // Open (nothing registered, or only a withdrawn registration): late by the clock.
      Late: own.every((r) => isWithdrawn(r.Status)) && isLate(slot.scheduledAt, null, now),
      InterimChange: isAfterInterimChange(interim.get(patient.id), slot.scheduledAt),
      Window: slot.scheduledAt ? windowOf(slot.scheduledAt, window) : null,
      Registrations: own,
    };
  });
  // plannedMoments sorted by time already; a stable sort by room order within each time keeps that.
  const time = (m: PlannedMoment) => (m.ScheduledAt ? Date.parse(m.ScheduledAt) : Number.POSITIVE_INFINITY);
  moments.sort((a, b) => time(a) - time(b) || a.order - b.order);
  const sorted = moments.map(({ order: _order, ...m }) => m);
  return { ...base, Moments: sorted, Summary: progressOf({ Moments: sorted }, now) };
}
