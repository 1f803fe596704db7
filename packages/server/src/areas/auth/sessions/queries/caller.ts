import { PRODUCT_ID, type Permission } from '@zorgportaal/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../../platform/db/client.ts';
import { preparedStatement } from '../../../../platform/db/prepared.ts';
import type { CallerRow, SessionCheckRow } from '../../../../platform/access/auth-port.ts';
import * as t from '../../tables.ts';

/**
 * The account's active IP allow-list entries for a product, as a JSON array: a sub-select, as SQL text over the
 * account id's and the product id's expressions (the caller's prepared text and the session check share it).
 */
const allowListText = (accountId: string, productId: string) => `coalesce((
  select json_agg(l.ip order by l.id) from account_ip_allow_list l
  where l.account_id = ${accountId} and l.product_id = ${productId} and l.active), '[]'::json)`;

/**
 * Everything the access hook needs about an access token, in one statement (a join with two aggregating
 * sub-selects): the token, its session, the account, the entity type, the roles with their permissions and the
 * account's IP allow-list for the portal's product ($2). Prepared: every session's first request on every
 * instance, and each renewed token's, asks it.
 */
const CALLER = `
select k.expires_at as "tokenExpiresAt", s.id as "sessionId", s.created_at as "createdAt",
  s.last_seen_at as "lastSeenAt", s.revoked_at as "revokedAt", a.id as "accountId", a.entity_id as "entityId",
  a.person_id as "personId", a.username, a.active, a.deleted, a.active_from as "activeFrom",
  a.active_until as "activeUntil", e.type as "entityType",
  coalesce((
    select json_agg(json_build_object('name', r.name, 'permissions', r.permissions) order by r.name)
    from account_roles ar join roles r on r.id = ar.role_id
    where ar.account_id = a.id), '[]'::json) as roles,
  ${allowListText('a.id', '$2')} as "allowList"
from tokens k
join sessions s on s.id = k.session_id
join accounts a on a.id = s.account_id
join entities e on e.id = a.entity_id
where k.hash = $1 and k.kind = 'access'
limit 1`;

type CallerColumns = Omit<CallerRow, 'session' | 'account'> &
  CallerRow['account'] & { accountId: number; sessionId: string } & Omit<CallerRow['session'], 'id'>;

const callerStatement = preparedStatement<CallerColumns>('auth_lookup_caller', CALLER);

/** Everything the access hook needs about an access token (by its SHA-256), in one prepared statement. */
export async function lookupCaller(db: Db, tokenHash: string): Promise<CallerRow | undefined> {
  const [row] = await callerStatement(db, [tokenHash, PRODUCT_ID]);
  if (!row) return undefined;
  return {
    tokenExpiresAt: row.tokenExpiresAt,
    session: {
      id: row.sessionId,
      createdAt: row.createdAt,
      lastSeenAt: row.lastSeenAt,
      revokedAt: row.revokedAt,
    },
    account: {
      id: row.accountId,
      entityId: row.entityId,
      personId: row.personId,
      username: row.username,
      active: row.active,
      deleted: row.deleted,
      activeFrom: row.activeFrom,
      activeUntil: row.activeUntil,
    },
    entityType: row.entityType,
    roles: row.roles,
    allowList: row.allowList,
  };
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
      allowList: sql<string[]>`${sql.raw(allowListText('accounts.id', String(PRODUCT_ID)))}`,
    })
    .from(t.sessions)
    .innerJoin(t.accounts, eq(t.sessions.accountId, t.accounts.id))
    .where(eq(t.sessions.id, sessionId))
    .limit(1);
  return row;
}
