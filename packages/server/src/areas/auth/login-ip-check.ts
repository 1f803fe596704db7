import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { accountIpAllowList } from './tables.ts';
import { isIpAllowed } from '../../platform/access/ip-allow-list.ts';

/**
 * The IP allow-list at login: an account with entries for the product may only log in
 * from a matching address; without entries every address is fine.
 */
export async function loginIpAllowed(
  db: Db,
  accountId: number,
  productId: number,
  ip: string,
): Promise<boolean> {
  const rows = await db
    .select({ ip: accountIpAllowList.ip })
    .from(accountIpAllowList)
    .where(
      and(
        eq(accountIpAllowList.accountId, accountId),
        eq(accountIpAllowList.productId, productId),
        eq(accountIpAllowList.active, true),
      ),
    );
  return isIpAllowed(
    ip,
    rows.map((r) => r.ip),
  );
}
