import type { Db } from '../../../platform/db/client.ts';
import { preparedStatement } from '../../../platform/db/prepared.ts';
import { dayBounds } from '../../../platform/time.ts';

/**
 * A fingerprint of everything the day lists of `departmentIds` on `date` are built from, in one query
 * and without building them: the patients and their persons (whole rows), the agreements in force that
 * day with their products (whole rows), the dosage schemes (coumarin doses), and the day's registrations (count, newest id, double checks;
 * registrations are never updated except for the double check, a correction is a new row).
 * With `scope`, also the patients of those organisations (the dashboard's "without consent" list).
 * A prepared statement (built once): the list's refresh runs it on every poll.
 */
const DAY_LIST_VERSION = `
with pat as (
  select patients.id, patients::text || persons::text as body
  from patients join persons on persons.id = patients.person_id
  where patients.department_id = any($1::int[]) or patients.entity_id = any($2::int[])
), ag as (
  select a.id, a::text || m::text as body
  from medication_agreements a join medications m on m.id = a.medication_id
  where a.patient_id in (select id from pat) and a.start_at < $4 and (a.end_at is null or a.end_at > $3)
), ds as (
  select count(*) || ':' || coalesce(max(id), 0) as body
  from dosage_schemes where patient_id in (select id from pat)
), reg as (
  select count(*) as n, coalesce(max(id), 0) as newest, count(double_check_by) as checked
  from administrations
  where agreement_id in (select id from ag) and moment_at >= $3 and moment_at < $4
)
select md5(
  coalesce((select string_agg(body, '|' order by id) from pat), '') || '#' ||
  coalesce((select string_agg(body, '|' order by id) from ag), '') || '#' ||
  (select n || ':' || newest || ':' || checked from reg) || '#' ||
  (select body from ds)
) as version`;

const statement = preparedStatement<{ version: string }>('administration_day_list_version', DAY_LIST_VERSION);

/** A PostgreSQL int[] literal of ids (checked to be integers). */
const intArray = (ids: readonly number[]) => `{${ids.map((id) => String(Math.trunc(Number(id)))).join(',')}}`;

export async function dayListVersion(
  db: Db,
  departmentIds: readonly number[],
  date: string,
  scope: readonly number[] = [],
): Promise<string> {
  const { start, end } = dayBounds(date);
  const [row] = await statement(db, [
    intArray(departmentIds),
    intArray(scope),
    start.toISOString(),
    end.toISOString(),
  ]);
  return `${departmentIds.join(',')}@${date}:${row!.version}`;
}
