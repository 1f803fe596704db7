import type { AgreementCreateBodyInput, PatientBodyInput } from '@zorgportaal/contract';
import { eq, sql } from 'drizzle-orm';
import { addDays, localDate } from '../../src/platform/time.ts';
import * as s from '../../src/schema.ts';
import { entityIdOf } from './entities.ts';
import type { TestApp } from './test-app.ts';

export async function departmentIdOf(t: TestApp, name: string): Promise<number> {
  const [row] = await t.db
    .select({ id: s.departments.id })
    .from(s.departments)
    .where(eq(s.departments.name, name));
  return row!.id;
}

/** A new client person (not yet a patient) of an organisation, inserted directly: persons have their own API. */
export async function newClient(t: TestApp, entityName: string, lastName: string): Promise<number> {
  const [row] = await t.db
    .insert(s.persons)
    .values({
      entityId: await entityIdOf(t, entityName),
      firstNames: 'Test',
      lastName,
      dateOfBirth: '1940-05-01',
    })
    .returning({ id: s.persons.id });
  return row!.id;
}

/** The first demo patient of an organisation's department. */
export async function demoPatientOf(
  t: TestApp,
  departmentName: string,
): Promise<typeof s.patients.$inferSelect> {
  const [row] = await t.db
    .select({ patient: s.patients })
    .from(s.patients)
    .where(eq(s.patients.departmentId, await departmentIdOf(t, departmentName)))
    .orderBy(s.patients.id)
    .limit(1);
  return row!.patient;
}

export const today = () => localDate(new Date());
export const yesterday = () => addDays(today(), -1);

/** A valid patient body for a department; BSNs from the test's own range. */
export const patientBody = (departmentId: number, bsn: string, extra: Partial<PatientBodyInput> = {}) => ({
  Bsn: bsn,
  DepartmentId: departmentId,
  Room: 'T1.01',
  GpName: 'dr. Test',
  Allergies: ['penicilline'],
  ...extra,
});

/** Twice daily, 08:00 and 20:00, from 1 January 2025. */
export const agreementBody = (
  patientId: number,
  medicationId: number,
  extra: Partial<AgreementCreateBodyInput> = {},
): AgreementCreateBodyInput => ({
  PatientId: patientId,
  MedicationId: medicationId,
  Prescriber: 'dr. Test',
  Type: 'continuous',
  Start: '2025-01-01',
  Instructions: {
    DoseUnit: 'tablet',
    Moments: [
      { Time: '08:00', Dose: 1 },
      { Time: '20:00', Dose: 1 },
    ],
  },
  DistributionForm: 'gds',
  ...extra,
});

/**
 * A department of `clients` clients (persons and patients, inserted in one statement) in an organisation's first
 * location, its statistics analysed: a care centre with one large department (a waiting list, no rooms; or
 * with `rooms`, a large home with a room per client), whose plans for a ward's statements must still be a
 * ward's. Returns the department's id.
 */
export async function addLargeDepartment(
  t: TestApp,
  entityName: string,
  name: string,
  clients: number,
  rooms = false,
): Promise<number> {
  const entityId = await entityIdOf(t, entityName);
  const [location] = await t.db.select().from(s.locations).where(eq(s.locations.entityId, entityId));
  const [department] = await t.db
    .insert(s.departments)
    .values({ entityId, locationId: location!.id, name })
    .returning();
  await t.db.execute(sql`
    with person as (
      insert into persons (entity_id, first_names, last_name)
      select ${entityId}, 'Wachtend', 'Cliënt ' || n from generate_series(1, ${clients}) n
      returning id
    )
    insert into patients (entity_id, person_id, bsn, department_id, room)
    select ${entityId}, id, lpad((900000000 + id)::text, 9, '0'), ${department!.id},
      case when ${rooms} then 'K' || lpad(id::text, 6, '0') end
    from person`);
  await t.db.execute(sql`analyze patients`);
  await t.db.execute(sql`analyze persons`);
  return department!.id;
}
