import type { Db } from '../../../platform/db/client.ts';
import { coalescedRead } from '../../../platform/db/coalesced-read.ts';
import { preparedStatement } from '../../../platform/db/prepared.ts';
import { dayBounds } from '../../../platform/time.ts';

/**
 * A fingerprint of everything the day lists of some clients on one day are built from, in one query and
 * without building them: the patients and their persons, the agreements in force that day with their products,
 * the dosage schemes (coumarin doses), and the day's registrations (count, newest id, double checks;
 * registrations are never updated except for the double check, a correction is a new row).
 * A row stands for its content by its id and `xmin`, the transaction that wrote this version of it: every
 * insert or update writes a new row version with the writer's transaction, so any change moves it (a rewrite
 * that keeps the content may move it too, which only costs one rebuild). Turning each whole row into text
 * instead took 35–45 % longer (docs/performance.md).
 * `clients` selects the patients; `from` and `to` are the parameters of the day's bounds.
 */
const versionText = (clients: string, from: string, to: string) => `
with pat as (
  select patients.id,
    concat_ws(':', patients.id, patients.xmin, persons.id, persons.xmin) as body
  from patients join persons on persons.id = patients.person_id
  where ${clients}
), ag as (
  select a.id, concat_ws(':', a.id, a.xmin, m.id, m.xmin) as body
  from medication_agreements a join medications m on m.id = a.medication_id
  where a.patient_id in (select id from pat) and a.start_at < ${to} and (a.end_at is null or a.end_at > ${from})
), ds as (
  select count(*) || ':' || coalesce(max(id), 0) as body
  from dosage_schemes where patient_id in (select id from pat)
), reg as (
  select count(*) as n, coalesce(max(id), 0) as newest, count(double_check_by) as checked
  from administrations
  where agreement_id in (select id from ag) and moment_at >= ${from} and moment_at < ${to}
)
select md5(
  coalesce((select string_agg(body, '|' order by id) from pat), '') || '#' ||
  coalesce((select string_agg(body, '|' order by id) from ag), '') || '#' ||
  (select n || ':' || newest || ':' || checked from reg) || '#' ||
  (select body from ds)
) as version`;

/**
 * Wards' versions (the Toedienlijst, on every poll): the sum of each ward's counters, which triggers move in the
 * same transaction as every change the fingerprint above reads (and a Baxter roll's interim changes), so a poll
 * reads a ward's few rows by its key instead of fingerprinting its clients, agreements and registrations
 * (schema and trigger migration: list-versions-schema.ts). A counter only grows, so a version never returns.
 * A ward without counters has none of its rows here.
 */
const countersText = (wards: string) => `select department_id, sum(version)::text as version,
     string_agg(shard || ':' || version, ',' order by shard) as shards
   from department_list_versions where ${wards} group by department_id`;
type CountersRow = { department_id: number; version: string; shards: string };
const departmentVersions = preparedStatement<CountersRow>(
  'administration_day_list_versions',
  countersText('department_id = any($1::int[])'),
);
/**
 * One ward's counters, the usual read (a poll that no other poll joined): PostgreSQL plans `= any($1)` again on
 * every call (its plan kept from call to call must allow for an array of any length, and is estimated dearer),
 * which was 40 % of this statement's cost; with one value it keeps the plan after five calls.
 */
const departmentVersion = preparedStatement<CountersRow>(
  'administration_day_list_version',
  countersText('department_id = $1'),
);

type Counters = { version: string; shards: string };
/**
 * Per database, the wards' counters read together: the polls that arrive while one read is in flight go in the
 * next (platform/db/coalesced-read.ts), one statement for all of them.
 */
const countersReaders = new WeakMap<Db, (departmentId: number) => Promise<Counters>>();
function countersOf(db: Db, departmentId: number): Promise<Counters> {
  let read = countersReaders.get(db);
  if (!read) {
    read = coalescedRead(async (ids: readonly number[]) => {
      const found = new Map<number, Counters>(ids.map((id) => [id, { version: '0', shards: '' }]));
      const rows =
        ids.length === 1
          ? await departmentVersion(db, [ids[0]])
          : await departmentVersions(db, [intArray(ids)]);
      for (const row of rows) found.set(row.department_id, { version: row.version, shards: row.shards });
      return found;
    });
    countersReaders.set(db, read);
  }
  return read(departmentId);
}

/**
 * Several wards' and, with a scope, also the clients of those organisations (the dashboard's "without consent"
 * list): planned per call, since how many that is decides between an index and a scan.
 */
const scopeVersion = preparedStatement<{ version: string }>(
  'administration_day_lists_version',
  versionText('patients.department_id = any($1::int[]) or patients.entity_id = any($2::int[])', '$3', '$4'),
  { planPerCall: true },
);

/** The day's bounds as the statement's parameters. */
const dayBoundsText = (date: string) => {
  const { start, end } = dayBounds(date);
  return [start.toISOString(), end.toISOString()];
};

/** A PostgreSQL int[] literal of ids (checked to be integers). */
const intArray = (ids: readonly number[]) => `{${ids.map((id) => String(Math.trunc(Number(id)))).join(',')}}`;

export async function dayListVersion(
  db: Db,
  departmentIds: readonly number[],
  date: string,
  scope: readonly number[] = [],
): Promise<string> {
  if (departmentIds.length === 1 && scope.length === 0)
    return (await wardListVersion(db, departmentIds[0]!, date)).version;
  const [row] = await scopeVersion(db, [intArray(departmentIds), intArray(scope), ...dayBoundsText(date)]);
  return `${departmentIds.join(',')}@${date}:${row!.version}`;
}

/**
 * One ward's version (as dayListVersion gives it), and its counters per client shard (`shard:counter,…`): a
 * kept list whose counters moved in a few shards only changed for the clients of those shards (kept-list.ts).
 */
export async function wardListVersion(db: Db, departmentId: number, date: string) {
  const counters = await countersOf(db, departmentId);
  return { version: `${departmentId}@${date}:${counters.version}`, shards: counters.shards };
}
