import {
  PRODUCT_ID,
  type TokenRequest,
  type TokenResponse,
  AUDIT_ACTIONS,
  AUDIT_OBJECTS,
} from '@zorgportaal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  type AccountRow,
  findAccountByUsername,
  hasSubscription,
  loginIpAllowed,
} from '../accounts/public.ts';
import { verifyAgainstDummy, verifyPassword } from './password-hash.ts';
import { accountCanLogIn } from '../../platform/access/account-checks.ts';
import { attemptKeys, countFailure, countSuccess, lockedOut } from './attempt-guard.ts';
import { completeLogin } from './complete-login.ts';
import { verifyLoginCode } from './two-factor/login-step.ts';
import { invalidCredentials, loginStepRequired, missingField } from '../../platform/errors.ts';

/**
 * Steps after a correct password that may still stop the login: the TOTP code (403 2fa_required
 * without one, 422 for a wrong one), then the forced password change (403 pwchange_required).
 */
export async function checkLoginSteps(
  app: FastifyInstance,
  request: FastifyRequest,
  account: AccountRow,
  form: TokenRequest,
): Promise<void> {
  // 2FA first: the second factor proves who it is before any further step is offered.
  if (account.totpEnabled) {
    if (!form.totp) throw loginStepRequired('2fa_required', account.id);
    await verifyLoginCode(app, request, account, form);
  }
  if (account.mustChangePassword) throw loginStepRequired('pwchange_required', account.id);
}

/**
 * The password part of a login, shared by /oauth/token and /oauth/2fa: the brute-force limit, the
 * password (against a dummy hash for an unknown user), then account, subscription and IP allow-list.
 */
export async function authenticatePassword(
  app: FastifyInstance,
  request: FastifyRequest,
  form: TokenRequest,
): Promise<AccountRow> {
  if (!form.username) throw missingField('username');
  if (form.password === undefined) throw missingField('password');
  const keys = attemptKeys(app, 'login', request, form.username);
  const locked = await lockedOut(app, keys);
  const actor: { userId: number | null; username: string; entityId: number | null } = {
    userId: null,
    username: form.username.slice(0, 200),
    entityId: null,
  };
  if (locked) {
    await app.audit.record(request, {
      action: AUDIT_ACTIONS.execute,
      outcome: 'denied',
      objectType: AUDIT_OBJECTS.login,
      actor,
      detail: { reason: 'too_many_attempts' },
    });
    throw locked;
  }
  const account = await findAccountByUsername(app.db, form.username);
  // Always verify, against a dummy hash for an unknown user, so the answer takes as long either way.
  const passwordOk = account
    ? await verifyPassword(account.passwordHash, form.password)
    : await verifyAgainstDummy(form.password);
  actor.userId = account?.id ?? null;
  actor.entityId = account?.entityId ?? null;
  if (!account || !passwordOk) {
    await app.audit.record(request, {
      action: AUDIT_ACTIONS.execute,
      outcome: 'failure',
      objectType: AUDIT_OBJECTS.login,
      actor,
      detail: { reason: 'invalid_credentials' },
    });
    throw await countFailure(app, keys, invalidCredentials());
  }
  await countSuccess(app, keys);
  const now = new Date();
  const productId = form.product_id ?? PRODUCT_ID;
  if (!accountCanLogIn(account, now) || !(await hasSubscription(app.db, account.id, productId, now))) {
    await app.audit.record(request, {
      action: AUDIT_ACTIONS.execute,
      outcome: 'denied',
      objectType: AUDIT_OBJECTS.login,
      actor,
      detail: { reason: 'no_access', productId },
    });
    throw loginStepRequired('no_access');
  }
  if (!(await loginIpAllowed(app.db, account.id, productId, request.ip))) {
    await app.audit.record(request, {
      action: AUDIT_ACTIONS.execute,
      outcome: 'denied',
      objectType: AUDIT_OBJECTS.login,
      actor,
      detail: { reason: 'ip_not_allowed', productId },
    });
    throw loginStepRequired('ip_not_allowed');
  }
  return account;
}

/** grant_type=password (spec §7). */
export async function passwordGrant(
  app: FastifyInstance,
  request: FastifyRequest,
  form: TokenRequest,
): Promise<TokenResponse> {
  const account = await authenticatePassword(app, request, form);
  await checkLoginSteps(app, request, account, form);
  return completeLogin(app, request, account);
}
