import type { AgreementType, Coumarin, Instructions, RiskCategory } from '@zorgportaal/contract';
import type { DaySlot } from '../../medication/public.ts';
import type { Db } from '../../../platform/db/client.ts';
import { preparedStatement } from '../../../platform/db/prepared.ts';
import { instantOfText, instantOrNull } from '../../../platform/instant-text.ts';
import { dayBounds } from '../../../platform/time.ts';
import { fromListRow, type RegistrationListRow, type Stamp } from '../registration-mapper.ts';

/**
 * Everything a department's day list is built from, in one statement: the database function
 * `administration_day_list_data` (migrations 0039 and 0043, which say what it reads), whose plan the database keeps
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

/**
 * An agreement in force with its product, as the function writes it: an array in this order (migration 0043),
 * not an object that names every column again.
 */
type AgreementListRow = [
  id: number,
  patientId: number,
  type: AgreementType,
  startAt: Stamp,
  endAt: Stamp | null,
  replacesId: number | null,
  instructions: Instructions,
  distributionForm: string,
  selfManaged: boolean,
  medicationId: number,
  medicationName: string,
  riskCategories: RiskCategory[],
];

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
  agreements: AgreementListRow[];
  days: { agreement_id: number; slots: DaySlot[] }[];
  registrations: RegistrationListRow[];
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

/** An agreement's array → the fields the list is built from, dates as `Date`. */
function agreementOf(row: AgreementListRow) {
  return {
    id: row[0],
    patient_id: row[1],
    type: row[2],
    instructions: row[6],
    distribution_form: row[7],
    self_managed: row[8],
    medication_id: row[9],
    medication_name: row[10],
    risk_categories: row[11],
    startAt: instantOfText(row[3]),
    endAt: instantOrNull(row[4]),
    replacesId: row[5],
  };
}

/**
 * The day list's data of one department and day (see the statement above), dates as `Date`; with `shards`, of the
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
    agreements: data.agreements.map(agreementOf),
    days: new Map(data.days.map((d) => [d.agreement_id, d.slots])),
    registrations: data.registrations.map(fromListRow),
    users: data.users,
    schemes: data.schemes,
    interim: new Map(data.interim.map((i) => [i.patient_id, instantOfText(i.at)])),
    order: data.order ?? undefined,
  };
}

export type DayListData = Awaited<ReturnType<typeof dayListData>>;
