import {
  type Patient,
  type PatientBody,
  type PatientListQuery,
  patientListQuerySchema,
} from '@zorgportaal/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import * as t from '../tables.ts';
import { unprocessable } from '../../../platform/errors.ts';
import { registerPurge } from '../../../platform/purge.ts';
import { type Scope } from '../../../platform/scope.ts';
import { inPatientScope } from '../patient-scope.ts';
import { toPatient } from '../patient-mapper.ts';
import { selectPatients } from './patient-rows.ts';
import { type ClientFilter, listPatientRows } from './patient-list.ts';
import { listPatientsJson } from './patient-list-json.ts';

/** A patient of one of the `scope` entities, or undefined (missing and foreign look the same). */
export async function findPatient(db: Db, id: number, scope: Scope): Promise<Patient | undefined> {
  const [row] = await selectPatients(db)
    .where(and(eq(t.patients.id, id), inPatientScope(scope, t.patients.entityId, t.patients.id)))
    .limit(1);
  return row && toPatient(row);
}

/** Patient pickers: name, BSN or room contains `q`; ordered by department, room and name. */
export async function listPatients(db: Db, scope: Scope, query: PatientListQuery): Promise<Patient[]> {
  return listPatientRows(db, scope, clientFilter(query));
}

/** The client list's whole answer as JSON text, and the ids of its clients (GET /api/patients). */
export function listPatientsAnswer(db: Db, scope: Scope, query: PatientListQuery) {
  return listPatientsJson(db, scope, clientFilter(query));
}

/** A list query as the statements take it: the defaults applied, `q` as an escaped ILIKE pattern. */
export function clientFilter(query: PatientListQuery): ClientFilter {
  const { q, departmentId, personId, limit } = patientListQuerySchema.parse(query);
  const like = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return { departmentId, personId, like, limit };
}

/**
 * Checks what a patient body points at: the department must belong to the patient's care centre,
 * the pharmacy must supply it through an active `supplies` link, and the BSN must not belong to another patient of that centre.
 */
export async function checkPatientBody(
  db: Db,
  entityId: number,
  body: PatientBody,
  patientId: number | null,
): Promise<void> {
  const [department] = await db
    .select({ id: t.departments.id })
    .from(t.departments)
    .where(and(eq(t.departments.id, body.DepartmentId), eq(t.departments.entityId, entityId)));
  if (!department) throw unprocessable('Kies een afdeling van de eigen zorginstelling.', 'DepartmentId');
  if (body.PharmacyEntityId !== null && !(await keepsPharmacy(db, patientId, body.PharmacyEntityId))) {
    const [pharmacy] = await db
      .select({ id: t.entities.id })
      .from(t.entities)
      .innerJoin(
        t.networkLinks,
        and(
          eq(t.networkLinks.fromEntityId, t.entities.id),
          eq(t.networkLinks.toEntityId, entityId),
          eq(t.networkLinks.role, 'supplies'),
          eq(t.networkLinks.active, true),
        ),
      )
      .where(and(eq(t.entities.id, body.PharmacyEntityId), eq(t.entities.type, 'pharmacy')));
    if (!pharmacy)
      throw unprocessable(
        'Kies een apotheek die de zorginstelling via een actieve koppeling belevert.',
        'PharmacyEntityId',
      );
  }
  if (body.PrescriberEntityId !== null) {
    const prescribers = await prescriberOptions(db, entityId);
    if (!prescribers.some((p) => p.Id === body.PrescriberEntityId))
      throw unprocessable(
        'Kies een huisartsenpraktijk die als huisarts aan de zorginstelling is gekoppeld.',
        'PrescriberEntityId',
      );
  }
  const [sameBsn] = await db
    .select({ id: t.patients.id })
    .from(t.patients)
    .where(and(eq(t.patients.entityId, entityId), eq(t.patients.bsn, body.Bsn)));
  if (sameBsn && sameBsn.id !== patientId)
    throw unprocessable('Dit BSN is al in gebruik bij een andere cliënt.', 'Bsn');
}

/**
 * A change that keeps the client's stored pharmacy is no new choice: it stays valid after the link
 * ended (the record keeps its history), while a new choice must be a pharmacy that supplies the centre.
 */
async function keepsPharmacy(db: Db, patientId: number | null, pharmacyId: number): Promise<boolean> {
  if (patientId === null) return false;
  const [row] = await db
    .select({ id: t.patients.id })
    .from(t.patients)
    .where(and(eq(t.patients.id, patientId), eq(t.patients.pharmacyEntityId, pharmacyId)));
  return row !== undefined;
}

/** The stored columns for a patient body. */
const patientValues = (body: PatientBody) => ({
  bsn: body.Bsn,
  departmentId: body.DepartmentId,
  room: body.Room,
  pharmacyEntityId: body.PharmacyEntityId,
  gpName: body.GpName,
  prescriberEntityId: body.PrescriberEntityId,
  allergies: body.Allergies,
});

/** A person of one of `entityIds` who is not in the trash can: who may be made a client. */
export async function findLinkablePerson(
  db: Db,
  personId: number,
  entityIds: number[],
): Promise<{ id: number; entityId: number } | undefined> {
  const [person] = await db
    .select({ id: t.persons.id, entityId: t.persons.entityId })
    .from(t.persons)
    .where(
      and(eq(t.persons.id, personId), inArray(t.persons.entityId, entityIds), eq(t.persons.deleted, false)),
    );
  return person;
}

/** Whether the person already is a client (a person has at most one patient row). */
export async function isPatient(db: Db, personId: number): Promise<boolean> {
  const [existing] = await db
    .select({ id: t.patients.id })
    .from(t.patients)
    .where(eq(t.patients.personId, personId));
  return existing !== undefined;
}

/** Makes the person a client of the care centre; returns the patient id. */
export async function insertPatient(
  db: Db,
  entityId: number,
  personId: number,
  body: PatientBody,
): Promise<number> {
  const inserted = await db
    .insert(t.patients)
    .values({ entityId, personId, ...patientValues(body) })
    .returning({ id: t.patients.id });
  return inserted[0]!.id;
}

export async function updatePatient(db: Db, id: number, body: PatientBody): Promise<void> {
  await db
    .update(t.patients)
    .set({ ...patientValues(body), updatedAt: new Date() })
    .where(eq(t.patients.id, id));
}

/** The organisations with an active `gp` link to the care centre: who may be its clients' prescriber. */
export async function prescriberOptions(
  db: Db,
  careCentreId: number,
): Promise<{ Id: number; Name: string }[]> {
  return db
    .selectDistinct({ Id: t.entities.id, Name: t.entities.name })
    .from(t.networkLinks)
    .innerJoin(t.entities, eq(t.entities.id, t.networkLinks.fromEntityId))
    .where(
      and(
        eq(t.networkLinks.toEntityId, careCentreId),
        eq(t.networkLinks.role, 'gp'),
        eq(t.networkLinks.active, true),
      ),
    )
    .orderBy(asc(t.entities.name));
}

/**
 * A purged client keeps the patient row (agreements, administrations, INR values, orders and the audit log
 * refer to it by id) without what identifies them: BSN, room, GP and allergies go. The care centre,
 * department, pharmacy, prescriber organisation and consent status stay: they identify no one once the name
 * and BSN are gone, and the medical record they belong to is kept (WGBO). The agreements stay as they are:
 * their prescriber is a care provider's name, their reasons are the medical record.
 */
registerPurge('medication', async (tx, { patientIds }) => {
  if (patientIds.length === 0) return;
  await tx
    .update(t.patients)
    .set({ bsn: null, room: null, gpName: null, allergies: [], updatedAt: new Date() })
    .where(inArray(t.patients.id, [...patientIds]));
});
