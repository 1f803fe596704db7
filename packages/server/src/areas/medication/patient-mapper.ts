import { type Patient, screenName } from '@zorgportaal/contract';
import type * as t from './tables.ts';
import { toPerson } from '../persons/public.ts';

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
