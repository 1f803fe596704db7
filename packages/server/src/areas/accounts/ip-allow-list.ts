import type { IpAllowEntry } from '@zorgportaal/contract';
import { isIpAllowed, normaliseClientIp, parseAllowEntry } from '../../platform/access/ip-allow-list.ts';
import type { Db } from '../../platform/db/client.ts';
import { HttpError } from '../../platform/errors.ts';
import type { Caller } from '../../platform/types.ts';
import {
  allowedIps,
  deleteIpAllowEntry,
  findIpAllowEntry,
  insertIpAllowEntry,
  type IpAllowRow,
  listIpAllowEntries,
} from './queries/ip-allow-list.ts';

/**
 * An account's IP allow-list (per product): with entries present, logins and requests from elsewhere are
 * refused. The owner edits it in the profile, the administrator sees and clears it, the login and the
 * access hook enforce it; matching is `platform/access/ip-allow-list.ts`.
 */

/** Plenty for offices and VPN ranges; bounds the work of every login check. */
export const MAX_ENTRIES_PER_PRODUCT = 50;

export const toIpAllowEntry = (r: IpAllowRow): IpAllowEntry => ({
  Id: r.id,
  Ip: r.ip,
  ProductId: r.productId,
  Description: r.description,
  CreatedAt: r.createdAt.toISOString(),
});

/**
 * The IP allow-list at login: an account with entries for the product may only log in from a matching
 * address; without entries every address is fine.
 */
export async function loginIpAllowed(
  db: Db,
  accountId: number,
  productId: number,
  ip: string,
): Promise<boolean> {
  return isIpAllowed(ip, await allowedIps(db, accountId, productId, { activeOnly: true }));
}

const refuse = (status: 400 | 409, field: 'Ip' | 'ProductId', message: string) =>
  new HttpError(status, status === 409 ? 'CONFLICT' : 'VALIDATION_FAILED', message, {
    Fields: { [field]: message },
  });

/**
 * 409 naming `Ip` when the list would no longer hold the address of this very request: the caller
 * would lock themselves out for good (security.md "IP allow-list").
 */
function assertKeepsCaller(clientIp: string, entries: string[]): void {
  if (isIpAllowed(clientIp, entries)) return;
  const address = normaliseClientIp(clientIp) ?? clientIp;
  throw refuse(
    409,
    'Ip',
    `Uw huidige adres (${address}) valt dan buiten de lijst en u kunt niet meer inloggen. Voeg eerst uw huidige adres toe.`,
  );
}

/**
 * Adds an entry to the caller's list, stored in its normalised form (parseAllowEntry), so that
 * "10.1.2.3/8" and "10.0.0.0/8" are recognised as the same entry. `beforeStore` (the step-up) runs
 * after the input checks, so a refused entry does not use up a TOTP code.
 */
export async function addIpAllowEntry(
  db: Db,
  caller: Caller,
  input: { Ip: string; ProductId: number; Description?: string | null },
  clientIp: string,
  beforeStore: () => Promise<void>,
): Promise<IpAllowRow> {
  const parsed = parseAllowEntry(input.Ip);
  if (!parsed.ok) throw refuse(400, 'Ip', parsed.message);
  if (input.ProductId < 1) throw refuse(400, 'ProductId', 'Onbekend product.');
  const existing = await allowedIps(db, caller.accountId, input.ProductId, { activeOnly: false });
  if (existing.includes(parsed.value)) throw refuse(409, 'Ip', 'Dit adres staat al in de lijst.');
  if (existing.length >= MAX_ENTRIES_PER_PRODUCT)
    throw refuse(
      400,
      'Ip',
      `Er kunnen maximaal ${MAX_ENTRIES_PER_PRODUCT} adressen per product worden ingesteld.`,
    );
  assertKeepsCaller(clientIp, [...existing, parsed.value]);
  await beforeStore();
  return insertIpAllowEntry(db, {
    accountId: caller.accountId,
    entityId: caller.entityId,
    productId: input.ProductId,
    ip: parsed.value,
    description: input.Description?.trim() || null,
  });
}

/**
 * Removes one of the account's own entries; undefined when it is not theirs (or gone). A removal that
 * leaves entries for the product none of which allows `clientIp` is refused (409 `Ip`).
 */
export async function removeIpAllowEntry(
  db: Db,
  accountId: number,
  id: number,
  clientIp: string,
  beforeStore: () => Promise<void>,
): Promise<IpAllowRow | undefined> {
  const entry = await findIpAllowEntry(db, accountId, id);
  if (!entry) return undefined;
  const remaining = (await listIpAllowEntries(db, accountId, entry.productId)).filter((r) => r.id !== id);
  assertKeepsCaller(
    clientIp,
    remaining.map((r) => r.ip),
  );
  await beforeStore();
  return deleteIpAllowEntry(db, accountId, id);
}
