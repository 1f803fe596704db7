import type { Patient } from '@zorgportaal/contract';
import type { Db } from '../../../platform/db/client.ts';
import { preparedStatement } from '../../../platform/db/prepared.ts';
import type { Scope } from '../../../platform/scope.ts';
import { type PatientJoin, toPatient } from '../patient-mapper.ts';
import { inPatientScopeText, patientScopeParams } from '../patient-scope.ts';

/** The clients in scope ($1–$3), of one department ($4), of one person ($5), matching a LIKE pattern ($6). */
export const CLIENTS_IN_VIEW = `
from patients p
join persons pe on pe.id = p.person_id
join departments d on d.id = p.department_id
left join entities ph on ph.id = p.pharmacy_entity_id
left join entities pr on pr.id = p.prescriber_entity_id
where ${inPatientScopeText('p.entity_id', 'p.id', 1)}
  and ($4::int is null or p.department_id = $4::int)
  and ($5::int is null or p.person_id = $5::int)
  and ($6::text is null or pe.first_names ilike $6 or pe.last_name ilike $6 or p.bsn ilike $6 or p.room ilike $6)`;
/** By department, room, last name; at most $7. */
export const CLIENT_ORDER = 'd.name, p.room, pe.last_name, p.id';

/** Which clients a list shows; `like` is an escaped ILIKE pattern or null. */
export interface ClientFilter {
  departmentId?: number;
  personId?: number;
  like: string | null;
  limit: number;
}

/** The values of $1–$7 of a statement over CLIENTS_IN_VIEW. */
export const clientFilterParams = (scope: Scope, filter: ClientFilter): unknown[] => [
  ...patientScopeParams(scope),
  filter.departmentId ?? null,
  filter.personId ?? null,
  filter.like,
  filter.limit,
];

/**
 * The client list (GET /api/patients) as rows: the clients in view with their person's name and birth date,
 * department, pharmacy and prescriber organisation.
 */
const PATIENT_LIST = `
select p.id, p.person_id as "personId", p.entity_id as "entityId", p.bsn, p.department_id as "departmentId",
  p.room, p.pharmacy_entity_id as "pharmacyEntityId", p.gp_name as "gpName",
  p.prescriber_entity_id as "prescriberEntityId", to_json(p.allergies) as allergies,
  p.consent_status as "consentStatus", pe.first_names as "firstNames", pe.last_name_prefix as "lastNamePrefix",
  pe.last_name as "lastName", pe.partner_prefix as "partnerPrefix", pe.partner_last_name as "partnerLastName",
  pe.date_of_birth::text as "dateOfBirth", d.name as "departmentName", ph.name as "pharmacyName",
  pr.name as "prescriberName"
${CLIENTS_IN_VIEW}
order by ${CLIENT_ORDER}
limit $7`;

type Row = PatientJoin['patient'] &
  PatientJoin['person'] & {
    departmentName: string;
    pharmacyName: string | null;
    prescriberName: string | null;
  };

const statement = preparedStatement<Row>('medication_patient_list', PATIENT_LIST);

/** The list's rows as Patient objects. */
export async function listPatientRows(db: Db, scope: Scope, filter: ClientFilter): Promise<Patient[]> {
  const rows = await statement(db, clientFilterParams(scope, filter));
  return rows.map((r) =>
    toPatient({
      patient: r,
      person: r,
      departmentName: r.departmentName,
      pharmacyName: r.pharmacyName,
      prescriberName: r.prescriberName,
    }),
  );
}
