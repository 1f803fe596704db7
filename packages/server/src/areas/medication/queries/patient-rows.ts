import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../platform/db/client.ts';
import * as t from '../tables.ts';

const pharmacy = alias(t.entities, 'pharmacy');
const prescriber = alias(t.entities, 'prescriber');

/** Patients joined with what the screens show: name, department, pharmacy. */
export function selectPatients(db: Db) {
  return db
    .select({
      patient: t.patients,
      person: t.persons,
      departmentName: t.departments.name,
      pharmacyName: pharmacy.name,
      prescriberName: prescriber.name,
    })
    .from(t.patients)
    .innerJoin(t.persons, eq(t.persons.id, t.patients.personId))
    .innerJoin(t.departments, eq(t.departments.id, t.patients.departmentId))
    .leftJoin(pharmacy, eq(pharmacy.id, t.patients.pharmacyEntityId))
    .leftJoin(prescriber, eq(prescriber.id, t.patients.prescriberEntityId));
}
