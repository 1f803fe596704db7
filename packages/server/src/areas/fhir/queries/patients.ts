import { asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import type { Scope } from '../../../platform/scope.ts';
import { inPatientScope } from '../../medication/public.ts';
import { nameInformationColumns } from '../../persons/public.ts';
import * as t from '../tables.ts';
import { allOf, type CommonFilter, commonConditions, type Page, whereAll } from './where.ts';

export interface PatientFilter extends CommonFilter {
  /** BSNs (`identifier`): each occurrence ANDed, values ORed. */
  bsns?: string[][];
}

/** When the client's record last changed: the patient row or the person's name and birth date. */
const lastUpdated = sql<Date>`greatest(${t.patients.createdAt}, ${t.patients.updatedAt}, ${t.persons.createdAt}, ${t.persons.updatedAt})`;

const where = (scope: Scope, filter: PatientFilter, page: Page | null): SQL | undefined =>
  whereAll([
    inPatientScope(scope, t.patients.entityId, t.patients.id),
    ...allOf(t.patients.bsn, filter.bsns),
    ...commonConditions(t.patients.id, lastUpdated, filter, page),
  ]);

/** Clients in `scope` matching the filter, by id, with their person and care centre. */
export function findPatients(db: Db, scope: Scope, filter: PatientFilter, page: Page) {
  return db
    .select({
      id: t.patients.id,
      bsn: t.patients.bsn,
      ...nameInformationColumns,
      dateOfBirth: t.persons.dateOfBirth,
      active: sql<boolean>`${t.persons.active} and not ${t.persons.deleted}`,
      careCentreId: t.entities.id,
      careCentre: t.entities.name,
      careCentreAgb: t.entities.agb,
      lastUpdated: sql<string>`${lastUpdated}`.mapWith((v: string | Date) => new Date(v)),
    })
    .from(t.patients)
    .innerJoin(t.persons, eq(t.persons.id, t.patients.personId))
    .innerJoin(t.entities, eq(t.entities.id, t.patients.entityId))
    .where(where(scope, filter, page))
    .orderBy(asc(t.patients.id))
    .limit(page.limit);
}

export type PatientRow = Awaited<ReturnType<typeof findPatients>>[number];

export async function countPatients(db: Db, scope: Scope, filter: PatientFilter): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(t.patients)
    .innerJoin(t.persons, eq(t.persons.id, t.patients.personId))
    .where(where(scope, filter, null));
  return row?.n ?? 0;
}

/** The ids among `ids` that are clients in `scope`: to tell a refused `patient` reference from a found one. */
export async function patientsInScope(db: Db, scope: Scope, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: t.patients.id })
    .from(t.patients)
    .where(
      whereAll([inPatientScope(scope, t.patients.entityId, t.patients.id), ...allOf(t.patients.id, [ids])]),
    );
  return new Set(rows.map((r) => r.id));
}
