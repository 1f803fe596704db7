import type { Db } from '../../../platform/db/client.ts';
import type { Scope } from '../../../platform/scope.ts';
import { personNameText } from '../../persons/public.ts';
import {
  type ClientFilter,
  clientsInView,
  listedClientsJoined,
  LISTED_ORDER,
  statementPerShape,
} from './patient-list.ts';

/** SQL text of `expr` as JSON text, a JSON null for NULL (`to_json` escapes text as JSON.stringify does). */
const value = (expr: string) => `coalesce(to_json(${expr})::text, 'null')`;

/** SQL text of a JSON object with these keys in this order; each value is SQL text giving JSON text. */
const object = (fields: readonly (readonly [string, string])[]) =>
  `'{' || ${fields.map(([key, json], i) => `'${i ? ',' : ''}"${key}":' || ${json}`).join(' || ')} || '}'`;

/**
 * A client as the contract's `patientSchema` writes it: its keys, in its order (patient-mapper.ts `toPatient`); over a
 * listed client's columns (`l`) and its pharmacy's and prescriber's names (`ph`, `pr`: listedClientsJoined).
 */
const PATIENT_JSON = object([
  ['Id', value('l.id')],
  ['PersonId', value('l.person_id')],
  ['EntityId', value('l.entity_id')],
  [
    'NameInformation',
    object([
      ['FirstNames', value('l.first_names')],
      [
        'LastName',
        object([
          ['Prefix', value('l.last_name_prefix')],
          ['LastName', value('l.last_name')],
        ]),
      ],
      [
        'LastNamePartner',
        `case when coalesce(l.partner_last_name, '') = '' then 'null' else ${object([
          ['Prefix', value('l.partner_prefix')],
          ['LastName', value('l.partner_last_name')],
        ])} end`,
      ],
    ]),
  ],
  ['ScreenName', value(personNameText('l.first_names', 'l.last_name_prefix', 'l.last_name'))],
  ['DateOfBirth', value('l.date_of_birth::text')],
  // Only a purged client has no BSN, and nothing lists a purged client.
  ['Bsn', value("coalesce(l.bsn, '')")],
  ['DepartmentId', value('l.department_id')],
  ['DepartmentName', value('l.department_name')],
  ['Room', value('l.room')],
  ['PharmacyEntityId', value('l.pharmacy_entity_id')],
  ['PharmacyName', value('ph.name')],
  ['GpName', value('l.gp_name')],
  ['PrescriberEntityId', value('l.prescriber_entity_id')],
  ['PrescriberName', value('pr.name')],
  ['Allergies', value('l.allergies')],
  ['ConsentStatus', value('l.consent_status')],
]);

/**
 * The client list's whole answer (`{"Rows":[…]}`) as JSON text written by the database, and the ids of the
 * clients in it (for the view's audit entry): the rows are neither parsed into objects nor serialised again.
 */
export const clientListJsonText = (listed: string) => `
select '{"Rows":[' || coalesce(string_agg(${PATIENT_JSON}, ',' order by ${LISTED_ORDER}), '') || ']}' as json,
  coalesce(array_agg(l.id order by ${LISTED_ORDER}), '{}') as ids
${listedClientsJoined(listed)}`;

const statement = statementPerShape<ClientListAnswer>('medication_patient_list_json', clientListJsonText);

/** A client list's answer: its JSON text, and the ids of the clients in it (for the view's audit entry). */
export interface ClientListAnswer {
  json: string;
  ids: number[];
}

/** The answer of the clients in view (clientsInView) as JSON text: the same bytes as the rows through the route's schema. */
export async function listPatientsJsonOf(
  db: Db,
  view: ReturnType<typeof clientsInView>,
): Promise<ClientListAnswer> {
  const [row] = await statement(db, view);
  return row!;
}

/** The client list's answer as JSON text. */
export function listPatientsJson(db: Db, scope: Scope, filter: ClientFilter): Promise<ClientListAnswer> {
  return listPatientsJsonOf(db, clientsInView(scope, filter));
}
