import { type Patient, screenName } from '@zorgportaal/contract';
import type * as t from './tables.ts';
import { nameInformationOf } from '../persons/public.ts';

/** What the Patient JSON is made of (a whole row or the list statement's columns). */
export interface PatientJoin {
  patient: Pick<
    typeof t.patients.$inferSelect,
    | 'id'
    | 'personId'
    | 'entityId'
    | 'bsn'
    | 'departmentId'
    | 'room'
    | 'pharmacyEntityId'
    | 'gpName'
    | 'prescriberEntityId'
    | 'allergies'
    | 'consentStatus'
  >;
  person: Pick<
    typeof t.persons.$inferSelect,
    'firstNames' | 'lastNamePrefix' | 'lastName' | 'partnerPrefix' | 'partnerLastName' | 'dateOfBirth'
  >;
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
  const NameInformation = nameInformationOf(person);
  const DateOfBirth = person.dateOfBirth;
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
