import type { Db } from '../../../platform/db/client.ts';
import { preparedStatement } from '../../../platform/db/prepared.ts';
import type { Scope } from '../../../platform/scope.ts';
import { personNameText } from '../../persons/public.ts';
import { CLIENTS_IN_VIEW, CLIENT_ORDER, type ClientFilter, clientFilterParams } from './patient-list.ts';

/** SQL text of `expr` as JSON text, a JSON null for NULL (`to_json` escapes text as JSON.stringify does). */
const value = (expr: string) => `coalesce(to_json(${expr})::text, 'null')`;

/** SQL text of a JSON object with these keys in this order; each value is SQL text giving JSON text. */
const object = (fields: readonly (readonly [string, string])[]) =>
  `'{' || ${fields.map(([key, json], i) => `'${i ? ',' : ''}"${key}":' || ${json}`).join(' || ')} || '}'`;

/** A client as the contract's `patientSchema` writes it: its keys, in its order (patient-mapper.ts `toPatient`). */
const PATIENT_JSON = object([
  ['Id', value('p.id')],
  ['PersonId', value('p.person_id')],
  ['EntityId', value('p.entity_id')],
  [
    'NameInformation',
    object([
      ['FirstNames', value('pe.first_names')],
      [
        'LastName',
        object([
          ['Prefix', value('pe.last_name_prefix')],
          ['LastName', value('pe.last_name')],
        ]),
      ],
      [
        'LastNamePartner',
        `case when coalesce(pe.partner_last_name, '') = '' then 'null' else ${object([
          ['Prefix', value('pe.partner_prefix')],
          ['LastName', value('pe.partner_last_name')],
        ])} end`,
      ],
    ]),
  ],
  ['ScreenName', value(personNameText('pe.first_names', 'pe.last_name_prefix', 'pe.last_name'))],
  ['DateOfBirth', value('pe.date_of_birth::text')],
  // Only a purged client has no BSN, and nothing lists a purged client.
  ['Bsn', value("coalesce(p.bsn, '')")],
  ['DepartmentId', value('p.department_id')],
  ['DepartmentName', value('d.name')],
  ['Room', value('p.room')],
  ['PharmacyEntityId', value('p.pharmacy_entity_id')],
  ['PharmacyName', value('ph.name')],
  ['GpName', value('p.gp_name')],
  ['PrescriberEntityId', value('p.prescriber_entity_id')],
  ['PrescriberName', value('pr.name')],
  ['Allergies', value('p.allergies')],
  ['ConsentStatus', value('p.consent_status')],
]);

/**
 * The client list's whole answer (`{"Rows":[…]}`) as JSON text written by the database, and the ids of the
 * clients in it (for the view's audit entry): the rows are neither parsed into objects nor serialised again.
 */
const PATIENT_LIST_JSON = `
select '{"Rows":[' || coalesce(string_agg(l.json, ',' order by l.n), '') || ']}' as json,
  coalesce(array_agg(l.id order by l.n), '{}') as ids
from (
  select p.id, row_number() over (order by ${CLIENT_ORDER}) as n, ${PATIENT_JSON} as json
  ${CLIENTS_IN_VIEW}
  order by ${CLIENT_ORDER}
  limit $7
) l`;

const statement = preparedStatement<{ json: string; ids: number[] }>(
  'medication_patient_list_json',
  PATIENT_LIST_JSON,
);

/** The client list's answer as JSON text (the same bytes as the rows through the route's schema). */
export async function listPatientsJson(
  db: Db,
  scope: Scope,
  filter: ClientFilter,
): Promise<{ json: string; ids: number[] }> {
  const [row] = await statement(db, clientFilterParams(scope, filter));
  return row!;
}
