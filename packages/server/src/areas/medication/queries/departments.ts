import type { DepartmentOption } from '@zorgportaal/contract';
import { asc, eq, exists, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import * as t from '../tables.ts';
import { fullEntities, type Scope } from '../../../platform/scope.ts';

/** Departments as the lists show them: with their care centre. */
const departmentOptions = (db: Db) =>
  db
    .select({
      Id: t.departments.id,
      Name: t.departments.name,
      EntityId: t.entities.id,
      EntityName: t.entities.name,
    })
    .from(t.departments)
    .innerJoin(t.entities, eq(t.entities.id, t.departments.entityId));

/**
 * The departments of the visible care centres, the caller's own first: the first one is the default
 * of the administration list and the flowchart ("my department").
 */
export async function visibleDepartments(
  db: Db,
  scope: Scope,
  ownEntityId: number,
): Promise<DepartmentOption[]> {
  const rows = await departmentOptions(db)
    // A care centre reached only as GP shows its clients, not its wards.
    .where(inArray(t.departments.entityId, fullEntities(scope)))
    .orderBy(asc(t.departments.entityId), asc(t.departments.id));
  return [
    ...rows.filter((r) => r.EntityId === ownEntityId),
    ...rows.filter((r) => r.EntityId !== ownEntityId),
  ];
}

/** The department of the row has a client. */
const hasClients = (db: Db) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(t.patients)
      .where(eq(t.patients.departmentId, t.departments.id)),
  );

/** The first `limit` departments that have clients, of any care centre: what an instance warms up on. */
export async function departmentsWithClients(db: Db, limit: number): Promise<DepartmentOption[]> {
  return departmentOptions(db).where(hasClients(db)).orderBy(asc(t.departments.id)).limit(limit);
}

/** The first `limit` organisations (by id) with a department that has clients: the care centres an instance warms up for. */
export async function organisationsWithClients(db: Db, limit: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: t.departments.entityId })
    .from(t.departments)
    .where(hasClients(db))
    .orderBy(asc(t.departments.entityId))
    .limit(limit);
  return rows.map((r) => r.id);
}
