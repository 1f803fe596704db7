import type { Db } from '../../../platform/db/client.ts';
import { preparedStatement } from '../../../platform/db/prepared.ts';
import { type AdministrationRow, fromJsonRow, type UserRef, userRefOf } from '../registration-mapper.ts';
import { asRegistrationConflict, type RegistrationValues } from './register.ts';

/**
 * A registration's INSERT that also answers who recorded it (the account and its person, for the answer's
 * RecordedBy), so the answer needs no statement of its own. The day roll-up's statement triggers run inside
 * it, as with any INSERT.
 */
const INSERT_REGISTRATION = `
with ins as (
  insert into administrations (entity_id, patient_id, agreement_id, department_id, medication_id, scheduled_at,
    scheduled_qty, administered_at, administered_qty, moment_at, status, deviation_reason, deviation_text,
    double_check_required, recorded_by, recorded_at, note, corrects_id, timing_reason)
  values ($1, $2, $3, $4, $5, $6::timestamptz, $7::float8, $8::timestamptz, $9::float8, $10::timestamptz, $11, $12,
    $13, $14::boolean, $15, $16::timestamptz, $17, $18::bigint, $19)
  returning *
)
select row_to_json(ins) as row, u.id, u.username, pe.first_names, pe.last_name_prefix, pe.last_name,
  pe.id is not null as has_person
from ins left join accounts u on u.id = ins.recorded_by left join persons pe on pe.id = u.person_id`;

const statement = preparedStatement<{
  row: Record<string, unknown>;
  id: number | null;
  username: string;
  first_names: string | null;
  last_name_prefix: string | null;
  last_name: string | null;
  has_person: boolean;
}>('administration_insert_registration', INSERT_REGISTRATION);

const stamp = (d: Date | null) => d?.toISOString() ?? null;

/**
 * Stores a registration (its rules applied: registrationValues) in one statement, outside a transaction,
 * and returns it with its recorder as the answer names them. A registered moment or corrected registration
 * fails as `register` does (asRegistrationConflict).
 */
export async function insertRegistration(
  db: Db,
  v: RegistrationValues,
): Promise<{ row: AdministrationRow; users: Map<number, UserRef> }> {
  const values = [
    v.entityId,
    v.patientId,
    v.agreementId,
    v.departmentId,
    v.medicationId,
    stamp(v.scheduledAt),
    v.scheduledQty,
    stamp(v.administeredAt),
    v.administeredQty,
    stamp(v.momentAt),
    v.status,
    v.deviationReason,
    v.deviationText,
    v.doubleCheckRequired ? 'true' : 'false',
    v.recordedBy,
    stamp(v.recordedAt),
    v.note,
    v.correctsId,
    v.timingReason,
  ];
  const [result] = await statement(db, values).catch((err: unknown) => {
    throw asRegistrationConflict(err, v);
  });
  const row = fromJsonRow(result!.row);
  const users = new Map<number, UserRef>();
  if (result!.id !== null) users.set(result!.id, userRefOf({ ...result!, id: result!.id }));
  return { row, users };
}
