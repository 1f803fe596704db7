import type { AgreementType, Coumarin, Instructions, RiskCategory } from '@zorgportaal/contract';
import type { DaySlot } from '../../medication/public.ts';
import type { Db } from '../../../platform/db/client.ts';
import { preparedStatement } from '../../../platform/db/prepared.ts';
import { dayBounds } from '../../../platform/time.ts';
import { fromJsonRow } from '../registration-mapper.ts';

/**
 * Everything a department's day list is built from, in one statement: the database function
 * `administration_day_list_data` (migration 0039, which says what it reads), whose plan the database keeps
 * instead of planning the statement again on every call (half of its work for a list; docs/performance.md).
 * The clients in room order with their photo's version, the agreements in force that day with their product,
 * the stored planned days of those agreements (an agreement without one is expanded and stored by the
 * caller), the day's effective registrations, the accounts that recorded or checked them, the coumarin
 * dosage schemes and the Baxter interim changes. With shards (`$5`): only the clients in those shards (their
 * id mod LIST_VERSION_SHARDS, which the function writes as 64), and `order`: all the ward's client ids in the
 * list's order (list-answer.ts patches a kept list with them). Writes nothing.
 */
const statement = preparedStatement<{ data: DayListJson & { order: number[] | null } }>(
  'administration_day_list_data',
  'select administration_day_list_data($1, $2, $3, $4, $5::int[]) as data',
);

/** Timestamps arrive as JSON text (ISO 8601 with an offset). */
type Stamp = string;

interface DayListJson {
  patients: {
    id: number;
    room: string | null;
    consent_status: string;
    first_names: string;
    last_name_prefix: string | null;
    last_name: string;
    photo: string | null;
  }[];
  agreements: {
    id: number;
    patient_id: number;
    type: AgreementType;
    start_at: Stamp;
    end_at: Stamp | null;
    replaces_id: number | null;
    instructions: Instructions;
    distribution_form: string;
    self_managed: boolean;
    medication_id: number;
    medication_name: string;
    risk_categories: RiskCategory[];
  }[];
  days: { agreement_id: number; slots: DaySlot[] }[];
  registrations: Record<string, unknown>[];
  users: {
    id: number;
    username: string;
    first_names: string | null;
    last_name_prefix: string | null;
    last_name: string | null;
    has_person: boolean;
  }[];
  schemes: { patient_id: number; drug: Coumarin; halves_per_day: number[] }[];
  interim: { patient_id: number; at: Stamp }[];
}

const stamp = (value: unknown): Date | null => (value === null ? null : new Date(value as string));

/**
 * The day list's data of one department and day (see dayListDataText), dates as `Date`; with `shards`, of the
 * clients in those shards only, and `order`: the ward's client ids in the list's order.
 */
export async function dayListData(db: Db, departmentId: number, date: string, shards?: readonly number[]) {
  const { start, end } = dayBounds(date);
  const params = [departmentId, start.toISOString(), end.toISOString(), date];
  const part = shards && `{${shards.map((n) => Math.trunc(n)).join(',')}}`;
  const [row] = await statement(db, [...params, part ?? null]);
  const data = row!.data;
  return {
    patients: data.patients,
    // Each field named, not `{ ...a }`: spreading a parsed row is V8's slow path (~3 µs a row against ~0.2).
    agreements: data.agreements.map((a) => ({
      id: a.id,
      patient_id: a.patient_id,
      type: a.type,
      instructions: a.instructions,
      distribution_form: a.distribution_form,
      self_managed: a.self_managed,
      medication_id: a.medication_id,
      medication_name: a.medication_name,
      risk_categories: a.risk_categories,
      startAt: new Date(a.start_at),
      endAt: stamp(a.end_at),
      replacesId: a.replaces_id,
    })),
    days: new Map(data.days.map((d) => [d.agreement_id, d.slots])),
    registrations: data.registrations.map(fromJsonRow),
    users: data.users,
    schemes: data.schemes,
    interim: new Map(data.interim.map((i) => [i.patient_id, new Date(i.at)])),
    order: data.order ?? undefined,
  };
}

export type DayListData = Awaited<ReturnType<typeof dayListData>>;
