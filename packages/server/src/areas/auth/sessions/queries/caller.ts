import {
  PRODUCT_ID,
  SESSION_ABSOLUTE_SECONDS,
  SESSION_IDLE_SECONDS,
  type Permission,
} from '@zorgportaal/contract';
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
const callerSelect = (where: string, tail = 'limit 1') => `
select k.hash as "tokenHash", k.expires_at as "tokenExpiresAt", s.id as "sessionId", s.created_at as "createdAt",
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
where ${where}
${tail}`;

type CallerColumns = Omit<CallerRow, 'session' | 'account'> &
  CallerRow['account'] & { tokenHash: string; accountId: number; sessionId: string } & Omit<
    CallerRow['session'],
    'id'
  >;

const callerStatement = preparedStatement<CallerColumns>(
  'auth_lookup_caller',
  callerSelect(`k.hash = $1 and k.kind = 'access'`),
);

/**
 * The live access tokens, the most recently seen sessions first: unexpired, of a session neither revoked nor past
 * its idle ($3 seconds) or absolute ($4 seconds) limit. Once per start (a warm-up), so not kept prepared.
 */
const liveCallersStatement = preparedStatement<CallerColumns>(
  'auth_live_callers',
  callerSelect(
    `k.kind = 'access' and k.expires_at > now() and s.revoked_at is null
  and s.last_seen_at > now() - make_interval(secs => $3) and s.created_at > now() - make_interval(secs => $4)`,
    'order by s.last_seen_at desc limit $1',
  ),
  { planPerCall: true },
);

const toCallerRow = (row: CallerColumns): CallerRow => ({
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
});

/** Everything the access hook needs about an access token (by its SHA-256), in one prepared statement. */
export async function lookupCaller(db: Db, tokenHash: string): Promise<CallerRow | undefined> {
  const [row] = await callerStatement(db, [tokenHash, PRODUCT_ID]);
  return row && toCallerRow(row);
}

/** The callers of at most `limit` live access tokens (by their SHA-256), the sessions seen last first. */
export async function liveCallers(
  db: Db,
  limit: number,
): Promise<{ tokenHash: string; caller: CallerRow }[]> {
  const rows = await liveCallersStatement(db, [
    limit,
    PRODUCT_ID,
    SESSION_IDLE_SECONDS,
    SESSION_ABSOLUTE_SECONDS,
  ]);
  return rows.map((row) => ({ tokenHash: row.tokenHash, caller: toCallerRow(row) }));
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
