import { type AccountLookups, PRODUCT_ID } from '@zorgportaal/contract';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import * as t from '../tables.ts';
import { reachableEntityIds } from '../../communication/public.ts';
import { canGrant, entityRoles } from './role-grants.ts';

/** The products an account can subscribe to (the portal is product 1, spec §1). */
const PRODUCTS = [{ Id: PRODUCT_ID, Name: 'Zorgportaal' }];

/** The choices of the account form and the list filters, for the caller's entity. */
export async function accountLookups(
  db: Db,
  entityId: number,
  held: ReadonlySet<string>,
): Promise<AccountLookups> {
  const [roles, teams, groups, sendTo] = await Promise.all([
    entityRoles(db, entityId),
    db
      .select({ Id: t.teams.id, Name: t.teams.name })
      .from(t.teams)
      .where(eq(t.teams.entityId, entityId))
      .orderBy(t.teams.name),
    db
      .select({ Id: t.groups.id, Name: t.groups.name })
      .from(t.groups)
      .where(eq(t.groups.entityId, entityId))
      .orderBy(t.groups.name),
    sendToGroups(db, entityId),
  ]);
  return {
    Roles: roles.map((r) => ({
      Id: r.id,
      Name: r.name,
      Permissions: r.permissions,
      Grantable: canGrant(held, r),
    })),
    Teams: teams,
    Groups: groups,
    SendToGroups: sendTo,
    Products: PRODUCTS,
  };
}

/**
 * The groups an account of the entity may write to: its own, and those of the organisations it reaches
 * in the care network (Communicatie); another organisation's group is named with its organisation.
 */
export async function sendToGroups(db: Db, entityId: number): Promise<AccountLookups['SendToGroups']> {
  const reachable = await reachableEntityIds(db, entityId);
  const rows = await db
    .select({ Id: t.groups.id, Name: t.groups.name, EntityId: t.entities.id, EntityName: t.entities.name })
    .from(t.groups)
    .innerJoin(t.entities, eq(t.entities.id, t.groups.entityId))
    .where(inArray(t.groups.entityId, [entityId, ...reachable]))
    .orderBy(t.entities.name, t.groups.name);
  const own = rows.filter((g) => g.EntityId === entityId);
  const others = rows.filter((g) => g.EntityId !== entityId);
  return [
    ...own.map(({ Id, Name }) => ({ Id, Name })),
    ...others.map(({ Id, Name, EntityName }) => ({ Id, Name: `${EntityName} – ${Name}` })),
  ];
}

export const knownProductIds = (): number[] => PRODUCTS.map((p) => p.Id);

/** The ids among `ids` that are not teams (or groups) of the entity. */
export async function foreignIds(
  db: Db,
  table: typeof t.teams | typeof t.groups,
  entityId: number,
  ids: number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.entityId, entityId), inArray(table.id, ids)));
  return ids.filter((id) => !found.some((f) => f.id === id));
}

/** Whether another account than `exceptId` has the name (case-insensitive, like the unique index). */
export async function usernameTaken(db: Db, username: string, exceptId?: number): Promise<boolean> {
  const [taken] = await db
    .select({ id: t.accounts.id })
    .from(t.accounts)
    .where(
      and(
        sql`lower(${t.accounts.username}) = ${username.toLowerCase()}`,
        exceptId === undefined ? undefined : ne(t.accounts.id, exceptId),
      ),
    )
    .limit(1);
  return taken !== undefined;
}
