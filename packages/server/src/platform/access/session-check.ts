import { PRODUCT_ID, type Permission } from '@zorgportaal/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { accounts } from '../../areas/accounts/schema.ts';
import { entities } from '../db/schema/organisations.ts';
import { sessions, tokens } from '../db/schema/sessions.ts';

const t = { accounts, entities, sessions, tokens };
import type { Events } from '../events.ts';
import { accountCanLogIn } from './account-checks.ts';
import { AUTH_CHANNEL } from './caller-cache.ts';
import { isIpAllowed } from './ip-allow-list.ts';
import { sessionIsLive } from './sessions.ts';

/** Whose session a long-lived connection (an event stream) runs in. */
export interface SessionHolder {
  sessionId: string;
  accountId: number;
  entityId: number;
}

/**
 * What every request is checked for, for a connection that outlives its first request: the session is
 * open (not revoked, within the idle and absolute limits), the account may log in, the connection's
 * address is on the account's IP allow-list (when it has one) and the account still holds `permission`.
 * One query.
 */
export async function sessionStillAllows(
  db: Db,
  holder: SessionHolder,
  ip: string,
  permission: Permission,
  now = new Date(),
): Promise<boolean> {
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
      allowList: sql<string[]>`coalesce((
        select json_agg(l.ip order by l.id) from account_ip_allow_list l
        where l.account_id = ${t.accounts.id} and l.product_id = ${PRODUCT_ID} and l.active), '[]'::json)`,
    })
    .from(t.sessions)
    .innerJoin(t.accounts, eq(t.sessions.accountId, t.accounts.id))
    .where(eq(t.sessions.id, holder.sessionId))
    .limit(1);
  if (!row || row.account.id !== holder.accountId) return false;
  return (
    sessionIsLive(row.session, now) &&
    accountCanLogIn(row.account, now) &&
    row.permitted &&
    isIpAllowed(ip, row.allowList)
  );
}

/**
 * Calls `onChange` at once whenever an event may have ended or narrowed the holder's session (its
 * session, account or organisation) and after every reconnection of the event connection (events in
 * the gap are lost: assume everything changed). Returns the function that stops watching.
 */
export function watchSession(events: Events, holder: SessionHolder, onChange: () => void): () => void {
  const ids = new Set([`s:${holder.sessionId}`, `a:${holder.accountId}`, `e:${holder.entityId}`]);
  const unsubscribe = events.subscribe(AUTH_CHANNEL, (payload) => {
    if (ids.has(payload)) onChange();
  });
  const unsubscribeReconnect = events.onReconnect(onChange);
  return () => {
    unsubscribe();
    unsubscribeReconnect();
  };
}
