import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import * as t from '../tables.ts';

export type SystemClientRow = typeof t.systemClients.$inferSelect;

const c = t.systemClients;

/** The organisation's system clients, revoked ones last. */
export function listSystemClients(db: Db, entityId: number): Promise<SystemClientRow[]> {
  return db
    .select()
    .from(c)
    .where(eq(c.entityId, entityId))
    .orderBy(sql`${c.revokedAt} is not null`, asc(c.id));
}

export async function countLiveSystemClients(db: Db, entityId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(c)
    .where(and(eq(c.entityId, entityId), isNull(c.revokedAt)));
  return row?.n ?? 0;
}

export async function insertSystemClient(
  db: Db,
  values: {
    entityId: number;
    clientId: string;
    name: string;
    scopes: string[];
    authMethod: 'client_secret' | 'private_key_jwt';
    secretHash: string | null;
    publicKeys: { keys: Record<string, string>[] } | null;
  },
): Promise<SystemClientRow> {
  const [row] = await db.insert(c).values(values).returning();
  return row!;
}

/** One of the organisation's own clients (another organisation's id finds nothing). */
export async function findOwnSystemClient(
  db: Db,
  entityId: number,
  id: number,
): Promise<SystemClientRow | undefined> {
  const [row] = await db
    .select()
    .from(c)
    .where(and(eq(c.entityId, entityId), eq(c.id, id)))
    .limit(1);
  return row;
}

/** A client by its public client_id, for the token endpoint. */
export async function findSystemClientByClientId(
  db: Db,
  clientId: string,
): Promise<SystemClientRow | undefined> {
  const [row] = await db.select().from(c).where(eq(c.clientId, clientId)).limit(1);
  return row;
}

/** Revokes the organisation's client (once); its tokens stop at their next lookup. The row, or undefined. */
export async function revokeSystemClient(
  db: Db,
  entityId: number,
  id: number,
  now = new Date(),
): Promise<SystemClientRow | undefined> {
  const [row] = await db
    .update(c)
    .set({ revokedAt: now })
    .where(and(eq(c.entityId, entityId), eq(c.id, id), isNull(c.revokedAt)))
    .returning();
  return row;
}
