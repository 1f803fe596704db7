import type { NetworkLinkCreate } from '@zorgportaal/contract';
import { and, eq, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from './db/client.ts';
import { networkLinks } from './db/schema/organisations.ts';
import type { Caller } from './types.ts';

/**
 * The Zorgnetwerk's links (`network_links`) belong to the platform: the tenant scope (scope.ts) reads
 * them for every request. These are the only statements that change them; the network area's routes
 * call them, other areas read the table in their joins. Network consent (docs/security.md): a link is
 * proposed by one side and grants access only once the other side activates it.
 */
export type LinkRow = typeof networkLinks.$inferSelect;

/**
 * Network consent: an ended link comes back only through the organisation that ended it; a link never
 * ended (a proposal) through the side that did not propose it. `activateLink` checks the same in SQL.
 */
export function mayActivate(
  link: Pick<LinkRow, 'active' | 'entityId' | 'deactivatedByEntityId'>,
  entityId: number,
) {
  if (link.active) return false;
  if (link.deactivatedByEntityId !== null) return link.deactivatedByEntityId === entityId;
  return link.entityId !== entityId;
}

/** A new link, inactive until the other side activates it. Undefined when it exists already. */
export async function createLink(
  db: Db,
  caller: Caller,
  body: NetworkLinkCreate,
): Promise<number | undefined> {
  const rows = await db
    .insert(networkLinks)
    .values({
      entityId: caller.entityId,
      fromEntityId: body.FromEntityId,
      toEntityId: body.ToEntityId,
      role: body.Role,
      active: false,
    })
    .onConflictDoNothing()
    .returning({ id: networkLinks.id });
  return rows[0]?.id;
}

/**
 * The same link again, ended by the other side: it becomes the caller's new proposal, so only the side
 * that ended it can activate it (it is the side that did not propose). Undefined when there is no such link.
 */
export async function reproposeLink(
  db: Db,
  caller: Caller,
  body: NetworkLinkCreate,
): Promise<number | undefined> {
  const rows = await db
    .update(networkLinks)
    .set({ entityId: caller.entityId, deactivatedByEntityId: null, deactivatedAt: null })
    .where(
      and(
        eq(networkLinks.fromEntityId, body.FromEntityId),
        eq(networkLinks.toEntityId, body.ToEntityId),
        eq(networkLinks.role, body.Role),
        eq(networkLinks.active, false),
        isNotNull(networkLinks.deactivatedByEntityId),
        ne(networkLinks.deactivatedByEntityId, caller.entityId),
      ),
    )
    .returning({ id: networkLinks.id });
  return rows[0]?.id;
}

/**
 * Activates the link when the caller may (`mayActivate`, checked in the same statement so two
 * concurrent changes cannot slip past it). False when it did not change.
 */
export async function activateLink(db: Db, caller: Caller, id: number): Promise<boolean> {
  const own = caller.entityId;
  const rows = await db
    .update(networkLinks)
    .set({ active: true, deactivatedByEntityId: null, deactivatedAt: null })
    .where(
      and(
        eq(networkLinks.id, id),
        eq(networkLinks.active, false),
        or(
          eq(networkLinks.deactivatedByEntityId, own),
          and(isNull(networkLinks.deactivatedByEntityId), ne(networkLinks.entityId, own)),
        ),
      ),
    )
    .returning({ id: networkLinks.id });
  return rows.length > 0;
}

/** Ends an active link and records who ended it and when. False when it was not active. */
export async function deactivateLink(db: Db, caller: Caller, id: number): Promise<boolean> {
  const rows = await db
    .update(networkLinks)
    .set({ active: false, deactivatedByEntityId: caller.entityId, deactivatedAt: sql`now()` })
    .where(and(eq(networkLinks.id, id), eq(networkLinks.active, true)))
    .returning({ id: networkLinks.id });
  return rows.length > 0;
}

export async function deleteLink(db: Db, id: number): Promise<void> {
  await db.delete(networkLinks).where(eq(networkLinks.id, id));
}

/** The demo world's links: each active and owned by its `from` side (the seed names them). */
export async function insertActiveLinks(
  tx: Tx,
  links: readonly { fromEntityId: number; toEntityId: number; role: LinkRow['role'] }[],
): Promise<void> {
  await tx.insert(networkLinks).values(links.map((link) => ({ entityId: link.fromEntityId, ...link })));
}
