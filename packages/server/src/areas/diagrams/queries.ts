import type { DiagramDefinition } from '@zorgportaal/contract';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { personNameSql } from '../persons/public.ts';
import { accounts, diagrams, persons } from './tables.ts';

export interface DiagramRow {
  id: number;
  title: string;
  definition: DiagramDefinition;
  ownerAccountId: number;
  ownerName: string;
  createdAt: Date;
  updatedAt: Date;
}

const columns = {
  id: diagrams.id,
  title: diagrams.title,
  definition: diagrams.definition,
  ownerAccountId: diagrams.ownerAccountId,
  // The username when the account has no person (never null: every diagram has an owner).
  ownerName: personNameSql(persons, sql<string>`${accounts.username}`),
  createdAt: diagrams.createdAt,
  updatedAt: diagrams.updatedAt,
};

const withOwner = (db: Db) =>
  db
    .select(columns)
    .from(diagrams)
    .innerJoin(accounts, eq(accounts.id, diagrams.ownerAccountId))
    .leftJoin(persons, eq(persons.id, accounts.personId));

/** The organisation's diagrams, newest first, with the owner's screen name. */
export const listDiagrams = (db: Db, entityId: number): Promise<DiagramRow[]> =>
  withOwner(db).where(eq(diagrams.entityId, entityId)).orderBy(desc(diagrams.createdAt), desc(diagrams.id));

/** One diagram of the organisation; undefined when it is missing or another organisation's. */
export async function findDiagram(db: Db, entityId: number, id: number): Promise<DiagramRow | undefined> {
  const [row] = await withOwner(db).where(and(eq(diagrams.id, id), eq(diagrams.entityId, entityId)));
  return row;
}

/**
 * Stores a new diagram unless the organisation already has `max`; null then. The count and the insert
 * hold a per-organisation lock, so two saves at once cannot both pass the count.
 */
export async function insertDiagram(
  db: Db,
  values: { entityId: number; ownerAccountId: number; title: string; definition: DiagramDefinition },
  max: number,
): Promise<number | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('diagrams'), ${values.entityId})`);
    const [existing] = await tx
      .select({ n: count() })
      .from(diagrams)
      .where(eq(diagrams.entityId, values.entityId));
    if ((existing?.n ?? 0) >= max) return null;
    const [row] = await tx.insert(diagrams).values(values).returning({ id: diagrams.id });
    return row!.id;
  });
}

/** Changes the title and/or definition of the organisation's diagram; false when there is none. */
export async function updateDiagram(
  db: Db,
  entityId: number,
  id: number,
  changes: { title?: string; definition?: DiagramDefinition },
): Promise<boolean> {
  const rows = await db
    .update(diagrams)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(diagrams.id, id), eq(diagrams.entityId, entityId)))
    .returning({ id: diagrams.id });
  return rows.length > 0;
}

/** Deletes the organisation's diagram; false when there is none. */
export async function deleteDiagram(db: Db, entityId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(diagrams)
    .where(and(eq(diagrams.id, id), eq(diagrams.entityId, entityId)))
    .returning({ id: diagrams.id });
  return rows.length > 0;
}
