import { isPermission, type EntityType } from '@zorgportaal/contract';
import type { Db } from '../db/client.ts';
import { findAccountById, loadRolesAndPermissions } from '../repositories/accounts.ts';
import { findEntity } from '../repositories/entities.ts';
import { findToken, sessionIsLive, touchSession } from '../repositories/sessions.ts';
import type { Caller } from '../types.ts';
import { accountCanLogIn } from './account-checks.ts';

/** Writing last_seen_at on every request would double the cost of each call; once a minute is enough for a 30-minute idle limit. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * Resolves a bearer token to its caller, or null. Checks: the token exists and is an access token,
 * it has not expired, its session is live (not revoked, within 12 h / 30 min) and the account may still log in.
 */
export async function callerForAccessToken(db: Db, token: string, now = new Date()): Promise<Caller | null> {
  const found = await findToken(db, token, 'access');
  if (!found || found.token.expiresAt <= now || !sessionIsLive(found.session, now)) return null;
  const account = await findAccountById(db, found.session.accountId);
  if (!account || !accountCanLogIn(account, now)) return null;
  const [entity, access] = await Promise.all([
    findEntity(db, account.entityId),
    loadRolesAndPermissions(db, account.id),
  ]);
  if (!entity) return null;
  if (now.getTime() - found.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS)
    await touchSession(db, found.session.id, now);
  return {
    accountId: account.id,
    personId: account.personId,
    entityId: account.entityId,
    entityType: entity.type as EntityType,
    username: account.username,
    permissions: new Set(access.permissions.filter(isPermission)),
    roles: access.roles.map((r) => r.Name),
    sessionId: found.session.id,
  };
}
