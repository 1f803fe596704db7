import { SESSION_ABSOLUTE_SECONDS, SESSION_IDLE_SECONDS, type Permission } from '@zorgportaal/contract';
import type { Db } from '../db/client.ts';
import type { Events } from '../events.ts';
import { accountCanLogIn } from './account-checks.ts';
import { authPort, type SessionTimes } from './auth-port.ts';
import { AUTH_CHANNEL } from './caller-cache.ts';
import { isIpAllowed } from './ip-allow-list.ts';

/** security.md: absolute limit 12 h, idle limit 30 min, and of course not revoked. */
export function sessionIsLive(session: SessionTimes, now = new Date()): boolean {
  if (session.revokedAt) return false;
  if (now.getTime() - session.createdAt.getTime() > SESSION_ABSOLUTE_SECONDS * 1000) return false;
  return now.getTime() - session.lastSeenAt.getTime() <= SESSION_IDLE_SECONDS * 1000;
}

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
  const row = await authPort().lookupSession(db, holder.sessionId, permission);
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
