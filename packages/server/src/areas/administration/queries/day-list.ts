import {
  type DayList,
  type DepartmentOption,
  type PlannedMoment,
  type Registration,
  screenName,
  isRiskProduct,
} from '@zorgportaal/contract';
import { and, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import * as t from '../tables.ts';
import { progressOf } from '../day-progress.ts';
import { expansionOf, plannedFrom, storePlannedDays } from '../../medication/public.ts';
import { toRegistration, type UserRef, userRefOf } from '../registration-mapper.ts';
import { isOpenAndLate } from '../clock-turn.ts';
import { localDate } from '../../../platform/time.ts';
import { coumarinDose, coumarinDosesOf } from '../../trombosis/public.ts';
import { findEntity } from '../../../platform/entities.ts';
import { windowOf, type WindowSettings, windowSettingsOf } from '../time-window.ts';
import { dayListData, type DayListData } from './day-list-data.ts';

/**
 * Registrations that no later registration corrects: the ones that count. One key lookup in the corrections'
 * claims (administration_corrections) instead of one per monthly partition of administrations.
 */
export const isEffective = sql`not exists (select 1 from administration_corrections as correction where correction.corrects_id = ${t.administrations.id})`;

/** The agreements of `patientIds` in force at some point of [start, end), with their product. */
export function agreementsInForce(db: Db, patientIds: number[], start: Date, end: Date) {
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

/** Days this close to today are stored when first read; others are expanded for the read only. */
const STORED_DAYS_AROUND_TODAY = 7;

/**
 * The day templates of the agreements: stored ones as read, the missing ones expanded now and (near today)
 * stored for the next read. Only the first read of a day that neither an agreement write nor the roll-over
 * stored costs this third statement.
 */
async function templatesOf(db: Db, data: DayListData, date: string, now: Date) {
  const missing = data.agreements.filter((a) => !data.days.has(a.id));
  if (missing.length === 0) return data.days;
  const fresh = expansionOf(missing, [date]);
  const distance = Math.abs(Date.parse(date) - Date.parse(localDate(now))) / 86_400_000;
  if (distance <= STORED_DAYS_AROUND_TODAY) await storePlannedDays(db, fresh);
  return new Map([...data.days, ...fresh.map((d) => [d.agreementId, d.slots] as const)]);
}

/** Who recorded and who double-checked, as the registrations name them. */
const usersOf = (data: DayListData): Map<number, UserRef> =>
  new Map(data.users.map((u) => [u.id, userRefOf(u)]));

/** The key of a planned moment and of the registrations that belong to it. */
const momentKey = (agreementId: number, at: Date | null) => `${agreementId}@${at?.getTime() ?? 'prn'}`;

/**
 * The toedienlijst of one department and day: planned moments from the agreements' stored planned days,
 * each with its effective registrations. Ordered by time (as-needed last), then room and patient. One
 * statement (dayListData), plus one to store the planned days the first time a day is read.
 */
export async function buildDayList(
  db: Db,
  department: DepartmentOption,
  date: string,
  now = new Date(),
  /** The care centre's dose time window when the caller already has it (the caller cache): no query. */
  knownWindow?: WindowSettings,
): Promise<DayList> {
  return listOf(db, department, date, now, knownWindow, await dayListData(db, department.Id, date));
}

/**
 * The part of a department's day list that shows the clients in `shards` (their id mod LIST_VERSION_SHARDS),
 * built as buildDayList builds the whole, and the ward's client ids in the list's order: a kept list whose
 * other clients did not change is patched with it (kept-list.ts).
 */
export async function buildDayListPart(
  db: Db,
  department: DepartmentOption,
  date: string,
  now: Date,
  window: WindowSettings,
  shards: readonly number[],
): Promise<{ list: DayList; order: number[] }> {
  const data = await dayListData(db, department.Id, date, shards);
  return { list: await listOf(db, department, date, now, window, data), order: data.order ?? [] };
}

async function listOf(
  db: Db,
  department: DepartmentOption,
  date: string,
  now: Date,
  knownWindow: WindowSettings | undefined,
  data: DayListData,
): Promise<DayList> {
  const base = { DepartmentId: department.Id, DepartmentName: department.Name, Date: date };
  if (data.patients.length === 0 || data.agreements.length === 0)
    return { ...base, Moments: [], Summary: progressOf({ Moments: [] }, now) };
  const templates = await templatesOf(db, data, date, now);
  const users = usersOf(data);
  const registrations = new Map<string, Registration[]>();
  for (const r of data.registrations) {
    const key = momentKey(r.agreementId, r.scheduledAt);
    const own = registrations.get(key) ?? [];
    own.push(toRegistration(r, users, now));
    registrations.set(key, own);
  }
  // Coumarins follow the trombosis service's dosage scheme of the day.
  const doses = coumarinDosesOf(
    data.schemes.map((s) => ({ patientId: s.patient_id, drug: s.drug, halvesPerDay: s.halves_per_day })),
    date,
  );
  // The care centre's dose time window: the list shows what registration enforces.
  const window = knownWindow ?? windowSettingsOf((await findEntity(db, department.EntityId))?.settings);
  const byAgreement = new Map(data.agreements.map((a) => [a.id, a]));
  // Per client and per planned instant once, not per moment (a ward's ~90 moments share ~22 clients and ~6 times).
  // Each field named, not `{ ...p }`: spreading a parsed row is V8's slow path (~3 µs a row against ~0.2).
  const byPatient = new Map(
    data.patients.map((p, order) => [
      p.id,
      {
        id: p.id,
        room: p.room,
        consent_status: p.consent_status,
        photo: p.photo,
        order,
        name: screenName({
          FirstNames: p.first_names,
          LastName: { Prefix: p.last_name_prefix, LastName: p.last_name },
        }),
      },
    ]),
  );
  // Per planned instant once: its window and its ISO text (the moment's key and ScheduledAt).
  const instants = new Map<number, { window: PlannedMoment['Window']; iso: string }>();
  const instantOf = (at: Date) => {
    let known = instants.get(at.getTime());
    if (!known) instants.set(at.getTime(), (known = { window: windowOf(at, window), iso: at.toISOString() }));
    return known;
  };

  // The sort keys beside each moment, so the answer's objects are made once, without them.
  const keyed = plannedFrom(data.agreements, templates, date).map((slot) => {
    const agreement = byAgreement.get(slot.agreementId)!;
    const patient = byPatient.get(agreement.patient_id)!;
    const own = registrations.get(momentKey(agreement.id, slot.scheduledAt)) ?? [];
    const risks = agreement.risk_categories;
    const instant = slot.scheduledAt && instantOf(slot.scheduledAt);
    const moment: PlannedMoment = {
      Key: `${agreement.id}@${instant?.iso ?? 'prn'}`,
      AgreementId: agreement.id,
      PatientId: patient.id,
      PatientName: patient.name,
      PhotoVersion: patient.photo,
      Room: patient.room,
      MedicationId: agreement.medication_id,
      MedicationName: agreement.medication_name,
      ScheduledAt: instant?.iso ?? null,
      Time: slot.time,
      Dose: coumarinDose(doses, patient.id, agreement.medication_name, slot.dose),
      DoseUnit: agreement.instructions.DoseUnit,
      DistributionForm: agreement.distribution_form as PlannedMoment['DistributionForm'],
      SelfManaged: agreement.self_managed,
      AsNeeded: slot.scheduledAt === null,
      AsNeededCriterion: agreement.instructions.AsNeededCriterion,
      AsNeededMaxPerDay: agreement.instructions.AsNeededMaxPerDay,
      RiskCategories: risks,
      DoubleCheckRequired: isRiskProduct(risks),
      ConsentMissing: patient.consent_status !== 'given',
      Late: isOpenAndLate(own, slot.scheduledAt, now),
      InterimChange: isAfterInterimChange(data.interim.get(patient.id), slot.scheduledAt),
      Window: instant?.window ?? null,
      Registrations: own,
    };
    return { moment, order: patient.order, at: slot.scheduledAt?.getTime() ?? Number.POSITIVE_INFINITY };
  });
  // plannedFrom sorted by time already; a stable sort by room order within each time keeps that.
  // The instant as a number, not parsed again from its ISO text in every comparison.
  keyed.sort((a, b) => a.at - b.at || a.order - b.order);
  const sorted = keyed.map((k) => k.moment);
  return { ...base, Moments: sorted, Summary: progressOf({ Moments: sorted }, now) };
}
