import { eq, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../src/platform/db/client.ts';
import * as s from '../../src/schema.ts';
import { demoBsn } from '../../src/areas/medication/demo-regimens.ts';

export const MOMENTS = [
  ['08:00', '20:00'],
  ['08:00', '12:00'],
  ['07:30', '18:00'],
  ['12:00', '22:00'],
];

/** A bench client's 4 continuous agreements, 2 moments a day each (MOMENTS), on `products`. */
export const benchAgreements = (
  entityId: number,
  patientId: number,
  products: readonly { id: number }[],
  startAt: Date,
) =>
  MOMENTS.map((times, k) => ({
    entityId,
    patientId,
    medicationId: products[k]!.id,
    prescriber: 'dr. Bench',
    type: 'continuous' as const,
    startAt,
    instructions: {
      DoseUnit: 'tablet',
      Moments: times.map((Time) => ({ Time, Dose: 1 })),
      Weekdays: [],
      AsNeededCriterion: null,
      AsNeededMaxPerDay: null,
      AsNeededDose: null,
      Note: null,
    },
    distributionForm: 'gds' as const,
  }));

/** A new department of De Berk with `count` clients (a person and a patient each), for a bench. */
export async function addBenchDepartment(
  db: Db,
  opts: { name: string; count: number; firstNames: string; bsnFrom: number; roomPrefix: string },
) {
  const [berk] = await db.select().from(s.entities).where(eq(s.entities.name, 'Zorgcentrum De Berk'));
  const [location] = await db.select().from(s.locations).where(eq(s.locations.entityId, berk!.id));
  const [department] = await db
    .insert(s.departments)
    .values({ entityId: berk!.id, locationId: location!.id, name: opts.name })
    .returning();
  const persons = await db
    .insert(s.persons)
    .values(
      Array.from({ length: opts.count }, (_, i) => ({
        entityId: berk!.id,
        firstNames: opts.firstNames,
        lastName: `Cliënt ${i + 1}`,
      })),
    )
    .returning();
  const patients = await db
    .insert(s.patients)
    .values(
      persons.map((p, i) => ({
        entityId: berk!.id,
        personId: p.id,
        bsn: demoBsn(opts.bsnFrom + i),
        departmentId: department!.id,
        room: `${opts.roomPrefix}${i + 1}`,
      })),
    )
    .returning();
  return { berk: berk!, department: department!, patients };
}

/**
 * A department of De Berk with 20 patients, each 4 agreements of 2 moments (8 a day), started a year
 * ago, and every moment of the past 365 days registered: generated in SQL with the same time-zone rule.
 */
export async function seedYearDepartment(db: Db): Promise<{ id: number; registrations: number }> {
  const [nurse] = await db.select().from(s.accounts).where(eq(s.accounts.username, 'verpleegkundige'));
  const { berk, department, patients } = await addBenchDepartment(db, {
    name: 'Afdeling Bench',
    count: 20,
    firstNames: 'Bench',
    bsnFrom: 1000,
    roomPrefix: 'B',
  });
  const products = await db.select().from(s.medications).limit(4);
  const yearAgo = new Date(Date.now() - 366 * 86_400_000);
  await db
    .insert(s.medicationAgreements)
    .values(patients.flatMap((p) => benchAgreements(berk.id, p.id, products, yearAgo)));
  const result = await db.execute(sql`
    insert into administrations (entity_id, patient_id, agreement_id, department_id, medication_id, scheduled_at,
      scheduled_qty, administered_at, administered_qty, moment_at, status, recorded_by, recorded_at)
    select a.entity_id, a.patient_id, a.id, p.department_id, a.medication_id, m.at, 1, m.at + interval '5 minutes', 1, m.at,
      'given', ${nurse!.id}, m.at + interval '6 minutes'
    from medication_agreements a
    join patients p on p.id = a.patient_id
    cross join lateral (
      select ((d::date + (moment->>'Time')::time) at time zone 'Europe/Amsterdam') as at
      from generate_series(current_date - 365, current_date - 1, interval '1 day') as d,
        jsonb_array_elements(a.instructions->'Moments') as moment
    ) m
    where p.department_id = ${department!.id}
    returning 1`);
  return { id: department!.id, registrations: rowsOf(result).length };
}

/** `total` registrations over the past year on the demo agreements of De Berk, in chunks of 100k. */
export async function seedMillion(db: Db, total: number): Promise<number> {
  const [nurse] = await db.select().from(s.accounts).where(eq(s.accounts.username, 'verpleegkundige'));
  const ids = rowsOf<{ id: number }>(
    await db.execute(sql`select a.id from medication_agreements a join entities e on e.id = a.entity_id
      where e.name = 'Zorgcentrum De Berk' order by a.id`),
  ).map((r) => r.id);
  const agreements = sql.raw(`array[${ids.join(',')}]`);
  const step = (365 * 86_400) / total; // seconds between registrations: spread over a year, all distinct
  for (let offset = 0; offset < total; offset += 100_000) {
    const end = Math.min(total, offset + 100_000);
    await db.execute(sql`
      insert into administrations (entity_id, patient_id, agreement_id, department_id, medication_id, scheduled_at,
        scheduled_qty, administered_at, administered_qty, moment_at, status, deviation_reason, recorded_by, recorded_at)
      select a.entity_id, a.patient_id, a.id, p.department_id, a.medication_id, g.at, 1,
        case when g.i % 100 < 92 then g.at + ((g.i % 90) - 15) * interval '1 minute' end, 1, g.at,
        case when g.i % 100 < 90 then 'given' when g.i % 100 < 92 then 'partial' when g.i % 100 < 96 then 'refused'
          when g.i % 100 < 99 then 'not_given' else 'failed' end,
        case when g.i % 100 >= 90 then 'other' end, ${nurse!.id}, g.at
      from (select i, now() - make_interval(secs => i * ${step}::float8) - interval '1 day' as at,
              (${agreements})[1 + i % ${ids.length}::int] as agreement_id
            from generate_series(${offset}::int, ${end - 1}::int) as i) g
      join medication_agreements a on a.id = g.agreement_id
      join patients p on p.id = a.patient_id`);
  }
  return total;
}
