import { AUDIT_ACTIONS, AUDIT_OBJECTS, type TokenResponse } from '@zorgportaal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AccountRow, recordLogin, toAccountView } from '../accounts/public.ts';
import { createSession, issueTokenPair, type SessionRow, type TokenPair } from './sessions/queries/index.ts';

/** The login response body (spec §3 "Login response"). */
export async function tokenResponse(
  app: FastifyInstance,
  account: AccountRow,
  pair: TokenPair,
): Promise<TokenResponse> {
  const view = await toAccountView(app.db, account);
  return {
    token_type: 'Bearer',
    access_token: pair.accessToken,
    expires_in: pair.expiresIn,
    refresh_token: pair.refreshToken,
    Account: view,
    Permissions: view.Permissions,
  };
}

/**
 * Every check passed: start a session (one refresh-token family), record the login.
 * The 2FA verification of the account-security issue ends here too.
 */
export async function completeLogin(
  app: FastifyInstance,
  request: FastifyRequest,
  account: AccountRow,
): Promise<TokenResponse> {
  const now = new Date();
  const session: SessionRow = await createSession(app.db, {
    accountId: account.id,
    entityId: account.entityId,
    ip: request.ip,
  });
  const pair = await issueTokenPair(app.db, session, now);
  const updated = await recordLogin(app.db, account.id, now);
  await app.audit.record(request, {
    action: AUDIT_ACTIONS.execute,
    outcome: 'success',
    objectType: AUDIT_OBJECTS.login,
    objectId: account.id,
    actor: { userId: account.id, username: account.username, entityId: account.entityId },
    detail: { sessionId: session.id },
  });
  return tokenResponse(app, updated ?? account, pair);
}
