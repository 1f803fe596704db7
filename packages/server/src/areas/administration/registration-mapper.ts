import { type Registration, screenName } from '@zorgportaal/contract';
import type * as t from './tables.ts';
import { instantOfText, instantOrNull, isoText } from '../../platform/instant-text.ts';
import { isLate } from './rules.ts';

export type AdministrationRow = typeof t.administrations.$inferSelect;
export type UserRef = Registration['RecordedBy'];

/** Timestamps as JSON text (ISO 8601 with an offset). */
export type Stamp = string;

/**
 * A registration as the day list's data function writes it: its columns as an array in this order (migration
 * 0043), timestamps as text.
 */
export type RegistrationListRow = [
  id: number,
  entityId: number,
  patientId: number,
  agreementId: number,
  departmentId: number,
  medicationId: number,
  scheduledAt: Stamp | null,
  scheduledQty: number | null,
  administeredAt: Stamp | null,
  administeredQty: number | null,
  momentAt: Stamp,
  status: AdministrationRow['status'],
  deviationReason: string | null,
  deviationText: string | null,
  doubleCheckRequired: boolean,
  doubleCheckBy: number | null,
  doubleCheckAt: Stamp | null,
  recordedBy: number,
  recordedAt: Stamp,
  note: string | null,
  correctsId: number | null,
  timingReason: AdministrationRow['timingReason'],
  correctsMomentAt: Stamp | null,
];

/** A registration's array of the day list's data → the stored row's type. */
export function fromListRow(r: RegistrationListRow): AdministrationRow {
  return {
    id: r[0],
    entityId: r[1],
    patientId: r[2],
    agreementId: r[3],
    departmentId: r[4],
    medicationId: r[5],
    scheduledAt: instantOrNull(r[6]),
    scheduledQty: r[7],
    administeredAt: instantOrNull(r[8]),
    administeredQty: r[9],
    momentAt: instantOfText(r[10]),
    status: r[11],
    deviationReason: r[12],
    deviationText: r[13],
    doubleCheckRequired: r[14],
    doubleCheckBy: r[15],
    doubleCheckAt: instantOrNull(r[16]),
    recordedBy: r[17],
    recordedAt: instantOfText(r[18]),
    note: r[19],
    correctsId: r[20],
    timingReason: r[21],
    correctsMomentAt: instantOrNull(r[22]),
  };
}

/** A registration as `row_to_json` gives it (snake_case, timestamps as text) → the stored row's type. */
export function fromJsonRow(r: Record<string, unknown>): AdministrationRow {
  return {
    id: r.id as number,
    entityId: r.entity_id as number,
    patientId: r.patient_id as number,
    agreementId: r.agreement_id as number,
    departmentId: r.department_id as number,
    medicationId: r.medication_id as number,
    scheduledAt: instantOrNull(r.scheduled_at as Stamp | null),
    scheduledQty: r.scheduled_qty as number | null,
    administeredAt: instantOrNull(r.administered_at as Stamp | null),
    administeredQty: r.administered_qty as number | null,
    momentAt: instantOfText(r.moment_at as Stamp),
    status: r.status as AdministrationRow['status'],
    deviationReason: r.deviation_reason as string | null,
    deviationText: r.deviation_text as string | null,
    doubleCheckRequired: r.double_check_required as boolean,
    doubleCheckBy: r.double_check_by as number | null,
    doubleCheckAt: instantOrNull(r.double_check_at as Stamp | null),
    recordedBy: r.recorded_by as number,
    recordedAt: instantOfText(r.recorded_at as Stamp),
    note: r.note as string | null,
    correctsId: r.corrects_id as number | null,
    correctsMomentAt: instantOrNull(r.corrects_moment_at as Stamp | null),
    timingReason: r.timing_reason as AdministrationRow['timingReason'],
  };
}

/** An account as the statements give it (joined with its person, if any) → who recorded or checked. */
export function userRefOf(u: {
  id: number;
  username: string;
  first_names: string | null;
  last_name_prefix: string | null;
  last_name: string | null;
  has_person: boolean;
}): UserRef {
  return {
    Id: u.id,
    Username: u.username,
    ScreenName: u.has_person
      ? screenName({
          FirstNames: u.first_names!,
          LastName: { Prefix: u.last_name_prefix, LastName: u.last_name! },
        })
      : null,
  };
}

const unknownUser = (id: number): UserRef => ({ Id: id, Username: `#${id}`, ScreenName: null });

/** A stored registration → the Registration JSON; `correctedById` comes from the correction, if any. */
export function toRegistration(
  row: AdministrationRow,
  users: Map<number, UserRef>,
  now: Date,
  correctedById: number | null = null,
): Registration {
  return {
    Id: row.id,
    EntityId: row.entityId,
    PatientId: row.patientId,
    AgreementId: row.agreementId,
    ScheduledAt: row.scheduledAt && isoText(row.scheduledAt),
    ScheduledQty: row.scheduledQty,
    AdministeredAt: row.administeredAt && isoText(row.administeredAt),
    AdministeredQty: row.administeredQty,
    Status: row.status,
    DeviationReason: row.deviationReason as Registration['DeviationReason'],
    DeviationText: row.deviationText,
    DoubleCheckRequired: row.doubleCheckRequired,
    AwaitingDoubleCheck: row.doubleCheckRequired && row.doubleCheckBy === null,
    DoubleCheckBy:
      row.doubleCheckBy === null ? null : (users.get(row.doubleCheckBy) ?? unknownUser(row.doubleCheckBy)),
    DoubleCheckAt: row.doubleCheckAt && isoText(row.doubleCheckAt),
    RecordedBy: users.get(row.recordedBy) ?? unknownUser(row.recordedBy),
    RecordedAt: isoText(row.recordedAt),
    Note: row.note,
    CorrectsId: row.correctsId,
    CorrectedById: correctedById,
    Late: isLate(row.scheduledAt, row, now),
    TimingReason: row.timingReason,
  };
}
