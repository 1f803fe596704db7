import { PRODUCT_ID, type Permission } from '@zorgportaal/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../../platform/db/client.ts';
import type { CallerRow, SessionCheckRow } from '../../../../platform/access/auth-port.ts';
import * as t from '../../tables.ts';

/** The account's active IP allow-list entries for the portal's product, as a JSON array (a sub-select). */
const allowListOf = (accountId: typeof t.accounts.id) => sql<string[]>`coalesce((
  select json_agg(l.ip order by l.id) from account_ip_allow_list l
  where l.account_id = ${accountId} and l.product_id = ${PRODUCT_ID} and l.active), '[]'::json)`;

/**
 * Everything the access hook needs about an access token, in one query (a join with two aggregating
 * sub-selects): the token, its session, the account, the entity type, the roles with their permissions
 * and the account's IP allow-list for the portal's product.
 */
export async function lookupCaller(db: Db, tokenHash: string): Promise<CallerRow | undefined> {
  const [row] = await db
    .select({
      tokenExpiresAt: t.tokens.expiresAt,
      session: {
        id: t.sessions.id,
        createdAt: t.sessions.createdAt,
        lastSeenAt: t.sessions.lastSeenAt,
        revokedAt: t.sessions.revokedAt,
      },
      account: {
        id: t.accounts.id,
        entityId: t.accounts.entityId,
        personId: t.accounts.personId,
        username: t.accounts.username,
        active: t.accounts.active,
        deleted: t.accounts.deleted,
        activeFrom: t.accounts.activeFrom,
        activeUntil: t.accounts.activeUntil,
      },
      entityType: t.entities.type,
      roles: sql<{ name: string; permissions: string[] }[]>`coalesce((
        select json_agg(json_build_object('name', r.name, 'permissions', r.permissions) order by r.name)
        from account_roles ar join roles r on r.id = ar.role_id
        where ar.account_id = ${t.accounts.id}), '[]'::json)`,
      allowList: allowListOf(t.accounts.id),
    })
    .from(t.tokens)
    .innerJoin(t.sessions, eq(t.tokens.sessionId, t.sessions.id))
    .innerJoin(t.accounts, eq(t.sessions.accountId, t.accounts.id))
    .innerJoin(t.entities, eq(t.accounts.entityId, t.entities.id))
    .where(and(eq(t.tokens.hash, tokenHash), eq(t.tokens.kind, 'access')))
    .limit(1);
  return row;
}

/**
 * A session with what a long-lived connection is checked for on every event (`sessionStillAllows`): its
 * account, whether the account holds `permission`, and its IP allow-list. One query.
 */
export async function lookupSession(
  db: Db,
  sessionId: string,
  permission: Permission,
): Promise<SessionCheckRow | undefined> {
  const [row] = await db
    .select({
      session: t.sessions,
      account: {
        id: t.accounts.id,
        active: t.accounts.active,
        deleted: t.accounts.deleted,
        activeFrom: t.accounts.activeFrom,
        activeUntil: t.accounts.activeUntil,
      },
      permitted: sql<boolean>`exists (
        select 1 from account_roles ar join roles r on r.id = ar.role_id
        where ar.account_id = ${t.accounts.id} and ${permission} = any(r.permissions))`,
      allowList: allowListOf(t.accounts.id),
    })
    .from(t.sessions)
    .innerJoin(t.accounts, eq(t.sessions.accountId, t.accounts.id))
    .where(eq(t.sessions.id, sessionId))
    .limit(1);
  return row;
}
