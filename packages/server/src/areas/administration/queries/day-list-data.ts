import type { AgreementType, Coumarin, Instructions, RiskCategory } from '@zorgportaal/contract';
import type { DaySlot } from '../../medication/public.ts';
import type { Db } from '../../../platform/db/client.ts';
import { preparedStatement } from '../../../platform/db/prepared.ts';
import { dayBounds } from '../../../platform/time.ts';
import { fromJsonRow } from '../registration-mapper.ts';
import { LIST_VERSION_SHARDS } from '../list-versions-schema.ts';

/**
 * Everything a department's day list is built from, in one statement (json_agg per part): the clients in
 * room order with their photo's version (kept with the photo, migration 0038: the photo is not read), the
 * agreements in force that day with their product, the stored planned days of those agreements
 * (planned_moments; an agreement without one is expanded and stored by the caller), the day's effective
 * registrations (no later correction) in time order, the accounts that recorded or checked them, the
 * coumarin dosage scheme in force per client with a coumarin agreement, and per client the earliest
 * interim change of a Baxter roll covering the day. Reads medication's, persons', accounts', trombosis'
 * and baxter's tables through their schema's names; writes nothing. `part`: only the clients of some shards
 * (their id mod LIST_VERSION_SHARDS in $5), and the order of all the ward's clients (list-answer.ts patches a
 * kept list with them).
 */
const dayListDataText = (part: boolean) => `
with pat as (
  select p.id, p.room, p.consent_status, pe.first_names, pe.last_name_prefix, pe.last_name,
    pe.avatar_version as photo,
    row_number() over (order by p.room, pe.last_name, p.id) as ord
  from patients p join persons pe on pe.id = p.person_id
  where p.department_id = $1 and pe.deleted = false${part ? ` and p.id % ${LIST_VERSION_SHARDS} = any($5::int[])` : ''}
), ag as (
  select a.id, a.patient_id, a.type, a.start_at, a.end_at, a.replaces_id, a.instructions,
    a.distribution_form, a.self_managed, m.id as medication_id, m.name as medication_name, m.risk_categories
  from medication_agreements a join medications m on m.id = a.medication_id
  where a.patient_id in (select id from pat) and a.start_at < $3 and (a.end_at is null or a.end_at > $2)
), reg as (
  select r.* from administrations r
  where r.agreement_id in (select id from ag) and r.moment_at >= $2 and r.moment_at < $3
    and not exists (select 1 from administration_corrections c where c.corrects_id = r.id)
)
select json_build_object(
  'patients', (select coalesce(json_agg(pat order by ord), '[]') from pat),
  'agreements', (select coalesce(json_agg(ag order by id), '[]') from ag),
  'days', (select coalesce(json_agg(json_build_object('agreement_id', pm.agreement_id, 'slots', pm.slots)), '[]')
    from planned_moments pm where pm.day = $4::date and pm.agreement_id in (select id from ag)),
  'registrations', (select coalesce(json_agg(reg order by moment_at, id), '[]') from reg),
  'users', (select coalesce(json_agg(json_build_object('id', u.id, 'username', u.username,
      'first_names', pe.first_names, 'last_name_prefix', pe.last_name_prefix, 'last_name', pe.last_name,
      'has_person', pe.id is not null)), '[]')
    from accounts u left join persons pe on pe.id = u.person_id
    where u.id in (select recorded_by from reg union select double_check_by from reg)),
  'schemes', (select coalesce(json_agg(s), '[]') from (
      select distinct on (ds.patient_id) ds.patient_id, ds.drug, ds.halves_per_day
      from dosage_schemes ds
      where ds.patient_id in (select patient_id from ag where 'coumarine' = any(risk_categories))
        and ds.valid_from <= $4::date
      order by ds.patient_id, ds.valid_from desc, ds.id desc) s),
  'interim', (select coalesce(json_agg(i), '[]') from (
      select r.patient_id, min(ic.at) as at
      from baxter_interim_changes ic join baxter_rolls r on r.id = ic.roll_id
      where r.patient_id in (select id from pat) and r.period_start <= $4::date and r.period_end >= $4::date
        and ic.at < $3
      group by r.patient_id) i)${
        part
          ? `,
  'order', (select coalesce(json_agg(p.id order by p.room, pe.last_name, p.id), '[]')
    from patients p join persons pe on pe.id = p.person_id where p.department_id = $1 and pe.deleted = false)`
          : ''
      }
) as data`;

const statement = preparedStatement<{ data: DayListJson }>(
  'administration_day_list_data',
  dayListDataText(false),
);
const partStatement = preparedStatement<{ data: DayListJson & { order: number[] } }>(
  'administration_day_list_part',
  dayListDataText(true),
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
  const [row] = shards
    ? await partStatement(db, [...params, `{${shards.map((n) => Math.trunc(n)).join(',')}}`])
    : await statement(db, params);
  const data = row!.data as DayListJson & { order?: number[] };
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
    order: data.order,
  };
}

export type DayListData = Awaited<ReturnType<typeof dayListData>>;
