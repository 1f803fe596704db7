import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import * as t from '../tables.ts';

const a = t.systemClientAssertions;

/**
 * Records a client assertion's `jti` until it expires; false when it was already used (replay). The primary
 * key decides between two instances that get the same assertion at once. The client's expired ones go.
 */
export async function useAssertionJti(
  db: Db,
  input: { clientId: number; jti: string; expiresAt: Date },
  now = new Date(),
): Promise<boolean> {
  await db.delete(a).where(and(eq(a.clientId, input.clientId), lt(a.expiresAt, now)));
  const rows = await db.insert(a).values(input).onConflictDoNothing().returning({ jti: a.jti });
  return rows.length === 1;
}
