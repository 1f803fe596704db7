import type { Db } from '../../../platform/db/client.ts';
import { auditEntryInsert } from '../../../platform/audit.ts';
import { preparedStatement } from '../../../platform/db/prepared.ts';
import {
  type Answer,
  type KeyedRequest,
  keptAnswerInsert,
  keptAnswerValues,
} from '../../../platform/idempotency.ts';
import { type AdministrationRow, fromJsonRow, type UserRef, userRefOf } from '../registration-mapper.ts';
import { asRegistrationConflict, type RegistrationValues } from './register.ts';

/**
 * A registration's INSERT in one statement with its audit entry (platform/audit.ts, `auditEntryInsert`), with a
 * key also its kept answer (platform/idempotency.ts, `keptAnswerInsert`), and answering who recorded it (the
 * account and its person, for the answer's RecordedBy): the registration, its NEN 7513 entry and its key commit
 * together in one round trip. The day roll-up's statement triggers run inside it, as with any INSERT.
 */
const insertRegistrationSql = (keyed: boolean) => `
with ins as (
  insert into administrations (entity_id, patient_id, agreement_id, department_id, medication_id, scheduled_at,
    scheduled_qty, administered_at, administered_qty, moment_at, status, deviation_reason, deviation_text,
    double_check_required, recorded_by, recorded_at, note, corrects_id, timing_reason)
  values ($1, $2, $3, $4, $5, $6::timestamptz, $7::float8, $8::timestamptz, $9::float8, $10::timestamptz, $11, $12,
    $13, $14::boolean, $15, $16::timestamptz, $17, $18::bigint, $19)
  returning *
), logged as (${auditEntryInsert('$20', 'ins')})${keyed ? `, kept as (${keptAnswerInsert(21, 'ins')})` : ''}
select row_to_json(ins) as row, u.id, u.username, pe.first_names, pe.last_name_prefix, pe.last_name,
  pe.id is not null as has_person
from ins left join accounts u on u.id = ins.recorded_by left join persons pe on pe.id = u.person_id`;

type Inserted = {
  row: Record<string, unknown>;
  id: number | null;
  username: string;
  first_names: string | null;
  last_name_prefix: string | null;
  last_name: string | null;
  has_person: boolean;
};
const unkeyed = preparedStatement<Inserted>(
  'administration_insert_registration',
  insertRegistrationSql(false),
);
const keyed = preparedStatement<Inserted>(
  'administration_insert_registration_keyed',
  insertRegistrationSql(true),
);

/** The statement's own additions: the audit entry (`auditEntryJson`) and, with a key, the answer to keep. */
export interface RegistrationExtras {
  auditEntry: string;
  keep?: { keyed: KeyedRequest; answer: Answer };
}

const stamp = (d: Date | null) => d?.toISOString() ?? null;

/**
 * Stores a registration (its rules applied: registrationValues) with its audit entry and, with a key, its
 * answer, in one statement outside a transaction (see insertRegistrationSql); returns it with its recorder as
 * the answer names them. A registered moment or corrected registration fails as `register` does
 * (asRegistrationConflict), and then neither the entry nor the key is written.
 */
export async function insertRegistration(
  db: Db,
  v: RegistrationValues,
  extras: RegistrationExtras,
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
    extras.auditEntry,
  ];
  const { keep } = extras;
  const run = keep
    ? keyed(db, [...values, ...keptAnswerValues(keep.keyed, keep.answer)])
    : unkeyed(db, values);
  const [result] = await run.catch((err: unknown) => {
    throw asRegistrationConflict(err, v);
  });
  const row = fromJsonRow(result!.row);
  const users = new Map<number, UserRef>();
  if (result!.id !== null) users.set(result!.id, userRefOf({ ...result!, id: result!.id }));
  return { row, users };
}
