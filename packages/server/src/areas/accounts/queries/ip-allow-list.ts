import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../../platform/db/client.ts';
import { accountIpAllowList } from '../tables.ts';

export type IpAllowRow = typeof accountIpAllowList.$inferSelect;

const ofProduct = (accountId: number, productId: number) =>
  and(eq(accountIpAllowList.accountId, accountId), eq(accountIpAllowList.productId, productId));

/** The account's entries for one product, oldest first. */
export async function listIpAllowEntries(
  db: Db,
  accountId: number,
  productId: number,
): Promise<IpAllowRow[]> {
  return db
    .select()
    .from(accountIpAllowList)
    .where(ofProduct(accountId, productId))
    .orderBy(accountIpAllowList.id);
}

/** Every entry of an account (all products), for its administrator; oldest first. */
export async function listAccountIpEntries(db: Db, accountId: number): Promise<IpAllowRow[]> {
  return db
    .select()
    .from(accountIpAllowList)
    .where(eq(accountIpAllowList.accountId, accountId))
    .orderBy(accountIpAllowList.id);
}

/** The addresses of the account's entries for one product; with `activeOnly`, only the entries in force. */
export async function allowedIps(
  db: Db,
  accountId: number,
  productId: number,
  { activeOnly }: { activeOnly: boolean },
): Promise<string[]> {
  const rows = await db
    .select({ ip: accountIpAllowList.ip })
    .from(accountIpAllowList)
    .where(
      and(ofProduct(accountId, productId), activeOnly ? eq(accountIpAllowList.active, true) : undefined),
    );
  return rows.map((r) => r.ip);
}

/** One of the account's own entries, or undefined when it is not theirs (or gone). */
export async function findIpAllowEntry(
  db: Db,
  accountId: number,
  id: number,
): Promise<IpAllowRow | undefined> {
  const [entry] = await db
    .select()
    .from(accountIpAllowList)
    .where(and(eq(accountIpAllowList.accountId, accountId), eq(accountIpAllowList.id, id)));
  return entry;
}

export async function insertIpAllowEntry(
  db: Db,
  values: Pick<IpAllowRow, 'accountId' | 'entityId' | 'productId' | 'ip' | 'description'>,
): Promise<IpAllowRow> {
  const [row] = await db.insert(accountIpAllowList).values(values).returning();
  return row!;
}

export async function deleteIpAllowEntry(
  db: Db,
  accountId: number,
  id: number,
): Promise<IpAllowRow | undefined> {
  const [row] = await db
    .delete(accountIpAllowList)
    .where(and(eq(accountIpAllowList.accountId, accountId), eq(accountIpAllowList.id, id)))
    .returning();
  return row;
}

/** Removes every entry of an account (the administrator's way out of a lock-out); returns them. */
export async function clearAccountIpEntries(db: Db, accountId: number): Promise<IpAllowRow[]> {
  return db.delete(accountIpAllowList).where(eq(accountIpAllowList.accountId, accountId)).returning();
}

/** Removes every entry of these accounts (a purge). */
export async function deleteIpEntriesOf(tx: Tx, accountIds: number[]): Promise<void> {
  await tx.delete(accountIpAllowList).where(inArray(accountIpAllowList.accountId, accountIds));
}
