import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../../platform/db/client.ts';
import * as t from '../tables.ts';
import { dayBounds } from '../../../platform/time.ts';

/**
 * A fingerprint of everything the day lists of `departmentIds` on `date` are built from, in one query
 * and without building them: the patients and their persons (whole rows), the agreements in force that
 * day with their products (whole rows), the dosage schemes (coumarin doses), and the day's registrations (count, newest id, double checks;
 * registrations are never updated except for the double check, a correction is a new row).
 * With `scope`, also the patients of those organisations (the dashboard's "without consent" list).
 */
export async function dayListVersion(
  db: Db,
  departmentIds: readonly number[],
  date: string,
  scope: readonly number[] = [],
): Promise<string> {
  const { start, end } = dayBounds(date);
  const departments = sql.raw(`array[${departmentIds.map(Number).join(',') || 'null'}]::int[]`);
  const entities = sql.raw(`array[${scope.map(Number).join(',') || 'null'}]::int[]`);
  const result = await db.execute(sql`
    with pat as (
      select ${t.patients.id} as id, ${t.patients}::text || ${t.persons}::text as body
      from ${t.patients} join ${t.persons} on ${t.persons.id} = ${t.patients.personId}
      where ${t.patients.departmentId} = any(${departments})
         or ${t.patients.entityId} = any(${entities})
    ), ag as (
      select ${t.medicationAgreements.id} as id, ${t.medicationAgreements}::text || ${t.medications}::text as body
      from ${t.medicationAgreements}
      join ${t.medications} on ${t.medications.id} = ${t.medicationAgreements.medicationId}
      where ${t.medicationAgreements.patientId} in (select id from pat)
        and ${t.medicationAgreements.startAt} < ${end.toISOString()}
        and (${t.medicationAgreements.endAt} is null or ${t.medicationAgreements.endAt} > ${start.toISOString()})
    ), ds as (
      select count(*) || ':' || coalesce(max(${t.dosageSchemes.id}), 0) as body
      from ${t.dosageSchemes}
      where ${t.dosageSchemes.patientId} in (select id from pat)
    ), reg as (
      select count(*) as n, coalesce(max(${t.administrations.id}), 0) as newest,
             count(${t.administrations.doubleCheckBy}) as checked
      from ${t.administrations}
      where ${t.administrations.agreementId} in (select id from ag)
        and ${t.administrations.momentAt} >= ${start.toISOString()}
        and ${t.administrations.momentAt} < ${end.toISOString()}
    )
    select md5(
      coalesce((select string_agg(body, '|' order by id) from pat), '') || '#' ||
      coalesce((select string_agg(body, '|' order by id) from ag), '') || '#' ||
      (select n || ':' || newest || ':' || checked from reg) || '#' ||
      (select body from ds)
    ) as version`);
  return `${departmentIds.join(',')}@${date}:${rowsOf<{ version: string }>(result)[0]!.version}`;
}
