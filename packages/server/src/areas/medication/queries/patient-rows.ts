import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../platform/db/client.ts';
import { nameInformationColumns } from '../../persons/public.ts';
import * as t from '../tables.ts';

const pharmacy = alias(t.entities, 'pharmacy');
const prescriber = alias(t.entities, 'prescriber');

/**
 * Patients joined with what the screens show: name, department, pharmacy (the columns `toPatient` reads). Not
 * the person's whole row: it also holds the photo, a data URL of up to 300 KB per client.
 */
export function selectPatients(db: Db) {
  return db
    .select({
      patient: {
        id: t.patients.id,
        personId: t.patients.personId,
        entityId: t.patients.entityId,
        bsn: t.patients.bsn,
        departmentId: t.patients.departmentId,
        room: t.patients.room,
        pharmacyEntityId: t.patients.pharmacyEntityId,
        gpName: t.patients.gpName,
        prescriberEntityId: t.patients.prescriberEntityId,
        allergies: t.patients.allergies,
        consentStatus: t.patients.consentStatus,
      },
      person: { ...nameInformationColumns, dateOfBirth: t.persons.dateOfBirth },
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
