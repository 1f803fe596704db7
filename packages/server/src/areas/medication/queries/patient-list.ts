import type { Patient } from '@zorgportaal/contract';
import type { Db } from '../../../platform/db/client.ts';
import { preparedStatement } from '../../../platform/db/prepared.ts';
import type { Scope } from '../../../platform/scope.ts';
import { type PatientJoin, toPatient } from '../patient-mapper.ts';
import { inPatientScopeText, patientScopeParams } from '../patient-scope.ts';

/**
 * By department, room, last name (the columns of the listed clients, `l`): the client list's order. A department's
 * clients are read in its room order (the index on department and room) and only as many as the list shows.
 */
export const LISTED_ORDER = 'l.department_name, l.room, l.last_name, l.id';

/** What a listed client carries: its patient's columns and its person's (its department's name is added). */
const CLIENT_COLUMNS = `p.id, p.person_id, p.entity_id, p.bsn, p.department_id, p.room, p.pharmacy_entity_id,
      p.gp_name, p.prescriber_entity_id, p.allergies, p.consent_status, pe.first_names, pe.last_name_prefix,
      pe.last_name, pe.partner_prefix, pe.partner_last_name, pe.date_of_birth`;

/** Which clients a list shows; `like` is an escaped ILIKE pattern or null. */
export interface ClientFilter {
  departmentId?: number;
  personId?: number;
  like: string | null;
  limit: number;
}

/**
 * The clients that meet `where` in one sort, the first `limit` kept while sorting: a ward's list or one client's
 * (their department or person picked by `where`), which the per-department reading made twice as dear.
 */
const oneSort = (where: string[], limit: string) => `(
  select ${CLIENT_COLUMNS}, d.name as department_name
  from patients p
  join persons pe on pe.id = p.person_id
  join departments d on d.id = p.department_id
  where ${where.join('\n    and ')}
  order by d.name, p.room, pe.last_name, p.id
  limit ${limit}::int
) l`;

/**
 * Per department of the clients in scope (`where[0]`) its first `limit` clients that meet `where`, in room order
 * (the index on department and room), then the first `limit` of those by department name: the same clients as one
 * sort of every client in scope, whose cost grew with the care centre (a waiting list of 2,000 clients sorted
 * for every page of 50 of the whole list or a search).
 */
const perDepartment = (where: string[], limit: string) => `(
  select x.*, d.name as department_name
  from departments d
  cross join lateral (
    select ${CLIENT_COLUMNS}
    from patients p
    join persons pe on pe.id = p.person_id
    where p.department_id = d.id
      and ${where.join('\n      and ')}
    order by p.room, pe.last_name, p.id
    limit ${limit}::int
  ) x
  where d.id in (select p.department_id from patients p where ${where[0]})
  order by d.name, x.room, x.last_name, x.id
  limit ${limit}::int
) l`;

/**
 * The clients a list shows, as SQL over `l` (CLIENT_COLUMNS and department_name; in no order: order by
 * LISTED_ORDER): the clients in scope ($1–$3) that meet each condition the filter has (a parameter each from $4
 * on, the limit last), and the parameters' values. Only the conditions a filter has are in the text, so each
 * combination (its `shape`) is a statement of its own with a plan of its own: a ward's list reads the ward by
 * index, and a generic plan for "department or none" read every client of the country. Only the listed rows are
 * joined to their pharmacy and prescriber and written afterwards: the list of a care centre of 2,000 clients
 * wrote 50 answers, not 2,000.
 */
export function clientsInView(scope: Scope, filter: ClientFilter) {
  const values: unknown[] = [...patientScopeParams(scope)];
  const param = (value: unknown) => `$${values.push(value)}`;
  const where = [inPatientScopeText('p.entity_id', 'p.id', 1)];
  let shape = '';
  if (filter.departmentId != null) {
    where.push(`p.department_id = ${param(filter.departmentId)}::int`);
    shape += 'd';
  }
  if (filter.personId != null) {
    where.push(`p.person_id = ${param(filter.personId)}::int`);
    shape += 'p';
  }
  if (filter.like !== null) {
    const like = `${param(filter.like)}::text`;
    where.push(
      `(pe.first_names ilike ${like} or pe.last_name ilike ${like} or p.bsn ilike ${like} or p.room ilike ${like})`,
    );
    shape += 'q';
  }
  const limit = param(filter.limit);
  // A ward or one client: few rows, one sort. The whole list or a search: per department.
  const narrow = filter.departmentId != null || filter.personId != null;
  const listed = narrow ? oneSort(where, limit) : perDepartment(where, limit);
  return { listed, values, shape: shape || 'all' };
}

/** The listed clients (clientsInView's `listed`) with their pharmacy's (`ph`) and prescriber's (`pr`) row. */
export const listedClientsJoined = (listed: string) => `
from ${listed}
left join entities ph on ph.id = l.pharmacy_entity_id
left join entities pr on pr.id = l.prescriber_entity_id`;

/** One prepared statement per shape of a list's filter (clientsInView), made on first use. */
export function statementPerShape<Row>(name: string, text: (listed: string) => string) {
  const statements = new Map<string, (db: Db, values: readonly unknown[]) => Promise<Row[]>>();
  return (db: Db, view: ReturnType<typeof clientsInView>): Promise<Row[]> => {
    let statement = statements.get(view.shape);
    if (!statement) {
      statement = preparedStatement<Row>(`${name}_${view.shape}`, text(view.listed));
      statements.set(view.shape, statement);
    }
    return statement(db, view.values);
  };
}

type Row = PatientJoin['patient'] &
  PatientJoin['person'] & {
    departmentName: string;
    pharmacyName: string | null;
    prescriberName: string | null;
  };

/**
 * The client list (GET /api/patients) as rows: the clients in view with their person's name and birth date,
 * department, pharmacy and prescriber organisation.
 */
const statement = statementPerShape<Row>(
  'medication_patient_list',
  (listed) => `
select l.id, l.person_id as "personId", l.entity_id as "entityId", l.bsn, l.department_id as "departmentId",
  l.room, l.pharmacy_entity_id as "pharmacyEntityId", l.gp_name as "gpName",
  l.prescriber_entity_id as "prescriberEntityId", to_json(l.allergies) as allergies,
  l.consent_status as "consentStatus", l.first_names as "firstNames", l.last_name_prefix as "lastNamePrefix",
  l.last_name as "lastName", l.partner_prefix as "partnerPrefix", l.partner_last_name as "partnerLastName",
  l.date_of_birth::text as "dateOfBirth", l.department_name as "departmentName", ph.name as "pharmacyName",
  pr.name as "prescriberName"
${listedClientsJoined(listed)}
order by ${LISTED_ORDER}`,
);

/** The list's rows as Patient objects. */
export async function listPatientRows(db: Db, scope: Scope, filter: ClientFilter): Promise<Patient[]> {
  const rows = await statement(db, clientsInView(scope, filter));
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
