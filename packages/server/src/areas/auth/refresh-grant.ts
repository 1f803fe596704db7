import {
  ACCESS_TOKEN_TTL_SECONDS,
  AUDIT_ACTIONS,
  AUDIT_OBJECTS,
  PRODUCT_ID,
  type TokenRequest,
  type TokenResponse,
} from '@zorgportaal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findAccountById, loginIpAllowed } from '../accounts/public.ts';
import {
  expireOtherAccessTokens,
  findToken,
  issueTokenPair,
  markRefreshTokenUsed,
  revokeSession,
  touchSession,
  type SessionRow,
} from './sessions/queries/index.ts';
import { sessionIsLive } from '../../platform/access/session-check.ts';
import { sha256Hex } from '../../platform/crypto.ts';
import { accountCanLogIn } from '../../platform/access/account-checks.ts';
import { tokenResponse } from './complete-login.ts';
import { invalidRefreshToken, loginStepRequired, missingField } from '../../platform/errors.ts';
import { REFRESH_RETRY_GRACE_MS, successorPair } from './refresh-successor.ts';

/**
 * grant_type=refresh_token (spec: product id 0). Rotation: each refresh token works once; the new pair
 * replaces the old one, so the old access token stops at once too. The same token again within
 * REFRESH_RETRY_GRACE_MS gets the same pair (a retry, not a theft: see refresh-successor.ts). Presenting
 * a used one later means it was stolen or replayed, so the whole family (session) is revoked
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
  const recentlyUsed = (usedAt: Date | null) =>
    usedAt !== null && now.getTime() - usedAt.getTime() <= REFRESH_RETRY_GRACE_MS;
  if (token.usedAt && !recentlyUsed(token.usedAt)) throw await reuse();
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
  const successor = successorPair(app.config.secretKey, form.refresh_token);
  if (!token.usedAt && (await rotate(app, session, token.hash, successor, now))) {
    // The old access token was ended in the database; every instance drops it from memory.
    await app.callerCache.forgetSession(session.id);
    return tokenResponse(app, account, { ...successor, expiresIn: ACCESS_TOKEN_TTL_SECONDS });
  }

  // A retry, or the other one of two parallel refreshes: the pair the first one got, while it is recent.
  const again = await findToken(app.db, form.refresh_token, 'refresh');
  if (!again || !recentlyUsed(again.token.usedAt)) throw await reuse();
  const access = await findToken(app.db, successor.accessToken, 'access');
  if (!access || access.session.id !== session.id || access.token.expiresAt <= now)
    throw invalidRefreshToken();
  const expiresIn = Math.max(1, Math.floor((access.token.expiresAt.getTime() - now.getTime()) / 1000));
  return tokenResponse(app, account, { ...successor, expiresIn });
}

/** Uses the refresh token and stores its successor pair in one transaction; false when it was used already. */
function rotate(
  app: FastifyInstance,
  session: SessionRow,
  refreshHash: string,
  successor: { accessToken: string; refreshToken: string },
  now: Date,
): Promise<boolean> {
  return app.db.transaction(async (tx) => {
    if (!(await markRefreshTokenUsed(tx, refreshHash, now))) return false;
    await touchSession(tx, session.id, now);
    await issueTokenPair(tx, session, now, successor);
    await expireOtherAccessTokens(tx, session.id, sha256Hex(successor.accessToken), now);
    return true;
  });
}
