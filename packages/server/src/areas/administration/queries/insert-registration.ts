import type { Db } from '../../../platform/db/client.ts';
import { auditEntryInsert, type auditEntryRecord } from '../../../platform/audit.ts';
import { microBatch } from '../../../platform/db/micro-batch.ts';
import { preparedStatement } from '../../../platform/db/prepared.ts';
import {
  type Answer,
  type KeyedRequest,
  keptAnswerInsert,
  keptAnswerRecord,
} from '../../../platform/idempotency.ts';
import { type AdministrationRow, fromJsonRow, type UserRef, userRefOf } from '../registration-mapper.ts';
import { asRegistrationConflict, type RegistrationValues } from './register.ts';

/** The columns a registration's INSERT writes, with their SQL types (the input's record, in this order). */
const COLUMNS = [
  ['entity_id', 'int'],
  ['patient_id', 'int'],
  ['agreement_id', 'int'],
  ['department_id', 'int'],
  ['medication_id', 'int'],
  ['scheduled_at', 'timestamptz'],
  ['scheduled_qty', 'float8'],
  ['administered_at', 'timestamptz'],
  ['administered_qty', 'float8'],
  ['moment_at', 'timestamptz'],
  ['status', 'text'],
  ['deviation_reason', 'text'],
  ['deviation_text', 'text'],
  ['double_check_required', 'boolean'],
  ['recorded_by', 'int'],
  ['recorded_at', 'timestamptz'],
  ['note', 'text'],
  ['corrects_id', 'bigint'],
  ['timing_reason', 'text'],
] as const;
const NAMES = COLUMNS.map(([name]) => name).join(', ');
const RECORD = COLUMNS.map(([name, type]) => `${name} ${type}`).join(', ');
const WITH_INPUT = 'ins join input on input.id = ins.id';

/**
 * Registrations' INSERT in one statement with their audit entries (platform/audit.ts, `auditEntryInsert`), with
 * a key also their kept answers (platform/idempotency.ts, `keptAnswerInsert`), answering who recorded each (the
 * account and its person, for the answer's RecordedBy): registrations, NEN 7513 entries and keys commit
 * together in one round trip. The rows come as one jsonb array ($1, each with its `ord`); each gets its id
 * from the table's sequence first, so its entry and its answer find it. The day roll-up's statement triggers
 * run inside it, as with any INSERT.
 */
const INSERT_REGISTRATIONS = `
with input as materialized (
  select r.*, nextval('administrations_id_seq') as id
  from jsonb_to_recordset($1::jsonb) as r(ord int, ${RECORD}, audit jsonb, kept jsonb)
), ins as (
  insert into administrations (id, ${NAMES})
  select id, ${NAMES} from input order by ord
  returning *
), logged as (${auditEntryInsert('input.audit', 'ins', WITH_INPUT)}),
kept as (${keptAnswerInsert('input.kept', 'ins', WITH_INPUT)})
select input.ord, row_to_json(ins) as row, u.id, u.username, pe.first_names, pe.last_name_prefix, pe.last_name,
  pe.id is not null as has_person
from ${WITH_INPUT} left join accounts u on u.id = ins.recorded_by left join persons pe on pe.id = u.person_id`;

type Inserted = {
  ord: number;
  row: Record<string, unknown>;
  id: number | null;
  username: string;
  first_names: string | null;
  last_name_prefix: string | null;
  last_name: string | null;
  has_person: boolean;
};
const insertRegistrations = preparedStatement<Inserted>(
  'administration_insert_registrations',
  INSERT_REGISTRATIONS,
);

/** The statement's own additions: the audit entry (`auditEntryRecord`) and, with a key, the answer to keep. */
export interface RegistrationExtras {
  auditEntry: ReturnType<typeof auditEntryRecord>;
  keep?: { keyed: KeyedRequest; answer: Answer };
}

type Stored = { row: AdministrationRow; users: Map<number, UserRef> };
type Item = { values: RegistrationValues; extras: RegistrationExtras };

const stamp = (d: Date | null) => d?.toISOString() ?? null;

function recordOf({ values: v, extras }: Item, ord: number) {
  return {
    ord,
    entity_id: v.entityId,
    patient_id: v.patientId,
    agreement_id: v.agreementId,
    department_id: v.departmentId,
    medication_id: v.medicationId,
    scheduled_at: stamp(v.scheduledAt),
    scheduled_qty: v.scheduledQty,
    administered_at: stamp(v.administeredAt),
    administered_qty: v.administeredQty,
    moment_at: stamp(v.momentAt),
    status: v.status,
    deviation_reason: v.deviationReason,
    deviation_text: v.deviationText,
    double_check_required: v.doubleCheckRequired,
    recorded_by: v.recordedBy,
    recorded_at: stamp(v.recordedAt),
    note: v.note,
    corrects_id: v.correctsId,
    timing_reason: v.timingReason,
    audit: extras.auditEntry,
    kept: extras.keep ? keptAnswerRecord(extras.keep.keyed, extras.keep.answer) : null,
  };
}

function storedOf(result: Inserted): Stored {
  const users = new Map<number, UserRef>();
  if (result.id !== null) users.set(result.id, userRefOf({ ...result, id: result.id }));
  return { row: fromJsonRow(result.row), users };
}

/** Writes the items in one statement; the stored registrations in their order. */
async function insertAll(db: Db, items: readonly Item[]): Promise<Stored[]> {
  const results = await insertRegistrations(db, [JSON.stringify(items.map(recordOf))]);
  const byOrd = new Map(results.map((r) => [r.ord, r]));
  return items.map((_, ord) => storedOf(byOrd.get(ord)!));
}

/**
 * The registrations of concurrent requests in one statement (`microBatch`): those that arrive while one is
 * being written, or in the event loop's turn before the first is written, go in one statement together, each
 * request awaiting its statement's commit. If a batch fails (a moment registered twice, a key sent twice),
 * nothing of it was written and each of its registrations is written again on its own, in the order they came,
 * so only the one in conflict fails, as it would have alone.
 */
function batchedInsert(db: Db) {
  return microBatch<Item, Stored>(
    async (items) => {
      if (items.length === 1) {
        const [stored] = await insertAll(db, items).catch((err: unknown) => {
          throw asRegistrationConflict(err, items[0]!.values);
        });
        return () => stored!;
      }
      const all = await insertAll(db, items).catch(() => null);
      if (all) return (item) => all[items.indexOf(item)]!;
      const alone = new Map<Item, Stored | { error: unknown }>();
      for (const item of items)
        alone.set(
          item,
          await insertAll(db, [item]).then(
            ([stored]) => stored!,
            (err: unknown) => ({ error: asRegistrationConflict(err, item.values) }),
          ),
        );
      return (item) => {
        const outcome = alone.get(item)!;
        if ('error' in outcome) throw outcome.error;
        return outcome;
      };
    },
    REGISTRATIONS_PER_STATEMENT,
    undefined,
    // A turn to gather in: on PGlite concurrent registrations meet only so (platform/db/micro-batch.ts).
    { gatherATurn: true },
  );
}

/** The most registrations one statement writes. */
const REGISTRATIONS_PER_STATEMENT = 64;
const batchers = new WeakMap<Db, ReturnType<typeof batchedInsert>>();

/**
 * Stores a registration (its rules applied: registrationValues) with its audit entry and, with a key, its
 * answer, in one statement outside a transaction, together with the registrations of concurrent requests
 * (batchedInsert); returns it with its recorder as the answer names them. A registered moment or corrected
 * registration fails as `register` does (asRegistrationConflict), and then neither the entry nor the key is
 * written.
 */
export function insertRegistration(
  db: Db,
  values: RegistrationValues,
  extras: RegistrationExtras,
): Promise<Stored> {
  let insert = batchers.get(db);
  if (!insert) batchers.set(db, (insert = batchedInsert(db)));
  return insert({ values, extras });
}
