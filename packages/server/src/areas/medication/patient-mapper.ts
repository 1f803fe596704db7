import { type Patient, screenName } from '@zorgportaal/contract';
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client.ts';
import * as t from './tables.ts';
import { toPerson } from '../persons/public.ts';

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

export interface PatientJoin {
  patient: typeof t.patients.$inferSelect;
  person: typeof t.persons.$inferSelect;
  departmentName: string;
  pharmacyName: string | null;
  prescriberName: string | null;
}

/** DB rows → the Patient JSON (PascalCase, domain.md). */
export function toPatient({
  patient,
  person,
  departmentName,
  pharmacyName,
  prescriberName,
}: PatientJoin): Patient {
  const { NameInformation, DateOfBirth } = toPerson(person);
  return {
    Id: patient.id,
    PersonId: patient.personId,
    EntityId: patient.entityId,
    NameInformation,
    ScreenName: screenName(NameInformation),
    DateOfBirth,
    // Only a purged client has no BSN, and nothing lists a purged client.
    Bsn: patient.bsn ?? '',
    DepartmentId: patient.departmentId,
    DepartmentName: departmentName,
    Room: patient.room,
    PharmacyEntityId: patient.pharmacyEntityId,
    PharmacyName: pharmacyName,
    GpName: patient.gpName,
    PrescriberEntityId: patient.prescriberEntityId,
    PrescriberName: prescriberName,
    Allergies: patient.allergies,
    ConsentStatus: patient.consentStatus,
  };
}
