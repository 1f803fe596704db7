import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import type { SystemCallerRow } from '../../../platform/access/system-client-port.ts';
import * as t from '../tables.ts';

const c = t.systemClients;
const tk = t.systemClientTokens;

/**
 * Stores a new token's hash for the client, removes the client's expired ones and notes when it was last
 * used, in one transaction.
 */
export async function issueSystemToken(
  db: Db,
  input: { hash: string; clientId: number; scopes: string[]; expiresAt: Date },
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(tk).where(and(eq(tk.clientId, input.clientId), lt(tk.expiresAt, now)));
    await tx.insert(tk).values(input);
    await tx.update(c).set({ lastUsedAt: now }).where(eq(c.id, input.clientId));
  });
}

/** The access hook's lookup (through the platform's port): a live token of a client that is not revoked. */
export async function lookupSystemCaller(db: Db, tokenHash: string): Promise<SystemCallerRow | undefined> {
  const [row] = await db
    .select({
      tokenExpiresAt: tk.expiresAt,
      clientId: c.id,
      name: c.name,
      entityId: c.entityId,
      entityType: t.entities.type,
      scopes: tk.scopes,
    })
    .from(tk)
    .innerJoin(c, eq(c.id, tk.clientId))
    .innerJoin(t.entities, eq(t.entities.id, c.entityId))
    .where(and(eq(tk.hash, tokenHash), isNull(c.revokedAt), gt(tk.expiresAt, new Date())))
    .limit(1);
  return row;
}

/** A revoked client's tokens are of no use: they go with the revocation. */
export async function deleteSystemTokens(db: Db, clientId: number): Promise<void> {
  await db.delete(tk).where(eq(tk.clientId, clientId));
}
