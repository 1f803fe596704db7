import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../src/platform/db/client.ts';
import { addDays, localDate, localInstant } from '../../src/platform/time.ts';
import * as s from '../../src/schema.ts';
import { addBenchDepartment, benchAgreements } from './administration-data.ts';

/**
 * A ward of De Berk for the read benches: `clients` clients with 2 continuous agreements of 2 moments a day
 * (the first two of MOMENTS: 08:00/20:00 and 08:00/12:00), so 4 moments per client (22 clients: 88, the
 * issue's "~90"), started a month ago, with every moment of today before now registered as given by the
 * nurse, and a ~40 KB photo per client. Only tables every version of the schema has, so the same bench runs on
 * older commits.
 */
export async function seedWard(db: Db, name: string, clients: number, bsnFrom: number): Promise<number> {
  const [nurse] = await db.select().from(s.accounts).where(eq(s.accounts.username, 'verpleegkundige'));
  const { berk, department, patients } = await addBenchDepartment(db, {
    name,
    count: clients,
    firstNames: 'Ward',
    bsnFrom,
    roomPrefix: 'W',
  });
  const products = await db
    .select()
    .from(s.medications)
    .where(sql`${s.medications.riskCategories} = '{}'`);
  const startAt = localInstant(addDays(localDate(new Date()), -30), '00:00');
  await db
    .insert(s.medicationAgreements)
    .values(patients.flatMap((p) => benchAgreements(berk.id, p.id, products, startAt).slice(0, 2)));
  await db.execute(sql`
    insert into administrations (entity_id, patient_id, agreement_id, department_id, medication_id, scheduled_at,
      scheduled_qty, administered_at, administered_qty, moment_at, status, recorded_by, recorded_at)
    select a.entity_id, a.patient_id, a.id, p.department_id, a.medication_id, m.at, 1, m.at, 1, m.at,
      'given', ${nurse!.id}, m.at
    from medication_agreements a
    join patients p on p.id = a.patient_id
    cross join lateral (
      select ((current_date + (moment->>'Time')::time) at time zone 'Europe/Amsterdam') as at
      from jsonb_array_elements(a.instructions->'Moments') as moment
    ) m
    where p.department_id = ${department.id} and m.at < now()`);
  // Every client with a photo as the profile's resize leaves one (256 px JPEG, a ~40 KB data URL): the list
  // shows it on each card, so a real ward's persons carry one (the demo's are small drawings).
  await db.execute(sql`
    update persons set avatar = 'data:image/jpeg;base64,' || replace(encode(photo.bytes, 'base64'), E'\n', '')
    from patients p, lateral (select decode(string_agg(md5(p.id || '-' || n), ''), 'hex') as bytes
      from generate_series(1, 1900) n) photo
    where persons.id = p.person_id and p.department_id = ${department.id}`);
  return department.id;
}
