import type { IpAllowEntry } from '@zorgportaal/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { accountIpAllowList } from './tables.ts';

type Row = typeof accountIpAllowList.$inferSelect;

export const toIpAllowEntry = (r: Row): IpAllowEntry => ({
  Id: r.id,
  Ip: r.ip,
  ProductId: r.productId,
  Description: r.description,
  CreatedAt: r.createdAt.toISOString(),
});

/** Every entry of an account (all products), for its administrator; oldest first. */
export async function listAccountIpEntries(db: Db, accountId: number): Promise<Row[]> {
  return db
    .select()
    .from(accountIpAllowList)
    .where(eq(accountIpAllowList.accountId, accountId))
    .orderBy(accountIpAllowList.id);
}

/** Removes every entry of an account (the administrator's way out of a lock-out); returns them. */
export async function clearAccountIpEntries(db: Db, accountId: number): Promise<Row[]> {
  return db.delete(accountIpAllowList).where(eq(accountIpAllowList.accountId, accountId)).returning();
}
