import {
  AUDIT_ACTIONS,
  AUDIT_OBJECTS,
  PRODUCT_ID,
  type TokenRequest,
  type TokenResponse,
} from '@zorgportaal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findAccountById } from '../accounts/index.ts';
import {
  findToken,
  issueTokenPair,
  markRefreshTokenUsed,
  revokeSession,
  sessionIsLive,
  touchSession,
} from '../../platform/auth/sessions.ts';
import { accountCanLogIn } from '../../platform/auth/account-checks.ts';
import { tokenResponse } from './complete-login.ts';
import { loginIpAllowed } from './login-ip-check.ts';
import { invalidRefreshToken, loginStepRequired, missingField } from '../../platform/errors.ts';

/**
 * grant_type=refresh_token (spec: product id 0). Rotation: each refresh token works once.
 * Presenting a used one means it was stolen or replayed, so the whole family (session) is revoked
 * (RFC 9700 §4.14.2) — the thief's and the user's tokens die together.
 */
export async function refreshGrant(
  app: FastifyInstance,
  request: FastifyRequest,
  form: TokenRequest,
): Promise<TokenResponse> {
  if (!form.refresh_token) throw missingField('refresh_token');
  const now = new Date();
  const found = await findToken(app.db, form.refresh_token, 'refresh');
  if (!found) throw invalidRefreshToken();
  const { token, session } = found;
  const actor = { userId: session.accountId, username: null, entityId: session.entityId };

  const reuse = async () => {
    await revokeSession(app.db, session.id, 'refresh_token_reuse');
    await app.callerCache.forgetSession(session.id);
    await app.audit.record(request, {
      action: AUDIT_ACTIONS.execute,
      outcome: 'denied',
      objectType: AUDIT_OBJECTS.session,
      objectId: session.id,
      actor,
      detail: { reason: 'refresh_token_reuse' },
    });
    return invalidRefreshToken();
  };
  if (token.usedAt) throw await reuse();
  if (token.expiresAt <= now || !sessionIsLive(session, now)) throw invalidRefreshToken();
  const account = await findAccountById(app.db, session.accountId);
  if (!account || !accountCanLogIn(account, now)) {
    await revokeSession(app.db, session.id, 'account_disabled');
    await app.callerCache.forgetSession(session.id);
    throw invalidRefreshToken();
  }
  // The IP allow-list holds for every request of a session, so also for new tokens (spec CANT_ACCESS_PRODUCT).
  if (!(await loginIpAllowed(app.db, account.id, PRODUCT_ID, request.ip))) {
    await app.audit.record(request, {
      action: 'E',
      outcome: 'denied',
      objectType: 'session',
      objectId: session.id,
      actor,
      detail: { reason: 'ip_not_allowed', productId: PRODUCT_ID },
    });
    throw loginStepRequired('ip_not_allowed');
  }
  if (!(await markRefreshTokenUsed(app.db, token.hash, now))) throw await reuse();

  await touchSession(app.db, session.id, now);
  const pair = await issueTokenPair(app.db, session, now);
  return tokenResponse(app, account, pair);
}
