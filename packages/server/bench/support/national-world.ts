import { PRODUCT_ID } from '@zorgportaal/contract';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../src/platform/db/client.ts';
import { hashPassword } from '../../src/areas/auth/public.ts';

export const WARDS_PER_CENTRE = 5;
export const CLIENTS_PER_WARD = 22;
export const HISTORY_DAYS = 7;

/** A ward of the national world: its department and the care centre's nurse who polls and registers. */
export interface NationalWard {
  departmentId: number;
  entityId: number;
  nurse: string;
  /** The as-needed agreements of the ward's clients: any moment of the day is a valid registration. */
  asNeeded: number[];
}

export interface NationalWorld {
  wards: NationalWard[];
  nurses: string[];
  seconds: number;
  counts: Record<string, number>;
}

const next = async (db: Db, table: string) =>
  Number(
    rowsOf<{ id: string }>(
      await db.execute(sql`select coalesce(max(id), 0) + 1 as id from ${sql.identifier(table)}`),
    )[0]!.id,
  );

/**
 * `centres` care centres × 5 wards × 22 clients, generated in SQL (INSERT … SELECT generate_series, one
 * statement per table, ids computed from offsets so no row is read back): each client a person and a patient
 * with 3–5 agreements (one as-needed without a daily maximum, so registrations never run out of valid
 * moments, and 2–4 continuous ones with one or two moments a day), 7 days of given registrations on the
 * continuous ones, and one nurse per care centre (Verpleegkundige, the demo password hashed once).
 */
export async function generateNationalWorld(
  db: Db,
  opts: { centres: number; password: string },
): Promise<NationalWorld> {
  const started = performance.now();
  const n = opts.centres;
  const wards = n * WARDS_PER_CENTRE;
  const clients = wards * CLIENTS_PER_WARD;
  const [e0, l0, d0, p0, q0, g0, a0] = (await Promise.all(
    ['entities', 'locations', 'departments', 'persons', 'patients', 'medication_agreements', 'accounts'].map(
      (t) => next(db, t),
    ),
  )) as [number, number, number, number, number, number, number];
  const roleId = rowsOf<{ id: number }>(
    await db.execute(sql`select id from roles where name = 'Verpleegkundige' and entity_id is null`),
  )[0]!.id;
  const meds = rowsOf<{ id: number }>(
    await db.execute(sql`select id from medications where risk_categories = '{}' order by id limit 5`),
  ).map((r) => r.id);
  const medArray = sql.raw(`array[${meds.join(',')}]`);
  const passwordHash = await hashPassword(opts.password);

  await db.transaction(async (tx) => {
    const run = (q: ReturnType<typeof sql>) => tx.execute(q);
    await run(sql`insert into entities (id, name, type, agb, settings)
      select ${e0} + c, 'Zorgcentrum Landelijk ' || (c + 1), 'carecenter', null, '{"CareCenter": true}'::jsonb
      from generate_series(0, ${n - 1}) c`);
    await run(sql`insert into locations (id, entity_id, name)
      select ${l0} + c, ${e0} + c, 'Hoofdlocatie' from generate_series(0, ${n - 1}) c`);
    await run(sql`insert into departments (id, entity_id, location_id, name)
      select ${d0} + w, ${e0} + w / ${WARDS_PER_CENTRE}, ${l0} + w / ${WARDS_PER_CENTRE},
        'Afdeling ' || (w % ${WARDS_PER_CENTRE} + 1)
      from generate_series(0, ${wards - 1}) w`);
    // Client p lives on ward p / 22 of care centre p / 110.
    const perCentre = WARDS_PER_CENTRE * CLIENTS_PER_WARD;
    await run(sql`insert into persons (id, entity_id, first_names, last_name, date_of_birth)
      select ${p0} + p, ${e0} + p / ${perCentre}, 'Cliënt', 'Landelijk ' || (p + 1),
        date '1930-01-01' + (p % 9000)
      from generate_series(0, ${clients - 1}) p`);
    await run(sql`insert into patients (id, entity_id, person_id, department_id, room)
      select ${q0} + p, ${e0} + p / ${perCentre}, ${p0} + p, ${d0} + p / ${CLIENTS_PER_WARD},
        'K' || (p % ${CLIENTS_PER_WARD} + 1)
      from generate_series(0, ${clients - 1}) p`);
    // Agreement j (0..4) of client p has id g0 + p × 5 + j; j = 0 is as needed, 3–5 in all.
    await run(sql`insert into medication_agreements (id, entity_id, patient_id, medication_id, prescriber, type,
        start_at, instructions, distribution_form)
      select ${g0} + p * 5 + j, ${e0} + p / ${perCentre}, ${q0} + p, (${medArray})[1 + (p + j) % ${meds.length}],
        'dr. Landelijk', case when j = 0 then 'as_needed' else 'continuous' end,
        date_trunc('day', now()) - interval '30 days',
        case when j = 0 then jsonb_build_object('DoseUnit', 'tablet', 'Moments', '[]'::jsonb,
            'Weekdays', '[]'::jsonb, 'AsNeededCriterion', 'bij pijn', 'AsNeededMaxPerDay', null,
            'AsNeededDose', 1, 'Note', null)
          else jsonb_build_object('DoseUnit', 'tablet', 'Moments',
            (array['[{"Time":"08:00","Dose":1},{"Time":"20:00","Dose":1}]',
                   '[{"Time":"08:00","Dose":1}]', '[{"Time":"12:00","Dose":1},{"Time":"18:00","Dose":1}]',
                   '[{"Time":"07:30","Dose":1},{"Time":"22:00","Dose":1}]'])[1 + (p + j) % 4]::jsonb,
            'Weekdays', '[]'::jsonb, 'AsNeededCriterion', null, 'AsNeededMaxPerDay', null,
            'AsNeededDose', null, 'Note', null) end,
        'gds'
      from generate_series(0, ${clients - 1}) p, generate_series(0, 4) j
      where j < 3 + p % 3`);
    await run(sql`insert into accounts (id, entity_id, username, password_hash, email_addresses)
      select ${a0} + c, ${e0} + c, 'ronde-' || (c + 1), ${passwordHash},
        array['ronde-' || (c + 1) || '@zorgportaal.example']
      from generate_series(0, ${n - 1}) c`);
    await run(sql`insert into account_roles (account_id, role_id, entity_id)
      select ${a0} + c, ${roleId}, ${e0} + c from generate_series(0, ${n - 1}) c`);
    await run(sql`insert into account_subscriptions (account_id, entity_id, product_id)
      select ${a0} + c, ${e0} + c, ${PRODUCT_ID} from generate_series(0, ${n - 1}) c`);
    // The history: every moment of the past days given, five minutes after its planned time.
    await run(sql`insert into administrations (entity_id, patient_id, agreement_id, department_id, medication_id,
        scheduled_at, scheduled_qty, administered_at, administered_qty, moment_at, status, recorded_by, recorded_at)
      select a.entity_id, a.patient_id, a.id, p.department_id, a.medication_id, m.at, 1,
        m.at + interval '5 minutes', 1, m.at, 'given', ${a0} + (a.entity_id - ${e0}), m.at + interval '6 minutes'
      from medication_agreements a
      join patients p on p.id = a.patient_id
      cross join lateral (
        select ((d::date + (moment->>'Time')::time) at time zone 'Europe/Amsterdam') as at
        from generate_series((current_date - ${HISTORY_DAYS}::int)::timestamp, (current_date - 1)::timestamp,
          interval '1 day') as d,
          jsonb_array_elements(a.instructions->'Moments') as moment
      ) m
      where a.id >= ${g0} and a.type = 'continuous'`);
    for (const table of [
      'entities',
      'locations',
      'departments',
      'persons',
      'patients',
      'medication_agreements',
      'accounts',
    ]) {
      await run(
        sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.identifier(table)}))`,
      );
    }
  });
  await db.execute(sql`analyze`);
  const seconds = (performance.now() - started) / 1000;

  const counts: Record<string, number> = {};
  for (const table of [
    'entities',
    'departments',
    'patients',
    'medication_agreements',
    'administrations',
    'accounts',
  ]) {
    counts[table] = Number(
      rowsOf<{ n: string }>(await db.execute(sql`select count(*) as n from ${sql.identifier(table)}`))[0]!.n,
    );
  }
  const asNeeded = rowsOf<{ department_id: number; ids: number[] }>(
    await db.execute(sql`select p.department_id, array_agg(a.id order by a.id) as ids
      from medication_agreements a join patients p on p.id = a.patient_id
      where a.id >= ${g0} and a.type = 'as_needed' group by p.department_id order by p.department_id`),
  );
  return {
    wards: asNeeded.map((r) => {
      const centre = Math.floor((r.department_id - d0) / WARDS_PER_CENTRE);
      return {
        departmentId: r.department_id,
        entityId: e0 + centre,
        nurse: `ronde-${centre + 1}`,
        asNeeded: r.ids,
      };
    }),
    nurses: Array.from({ length: n }, (_, c) => `ronde-${c + 1}`),
    seconds,
    counts,
  };
}
