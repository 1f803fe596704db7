import { PRODUCT_ID, type TokenRequest, type TokenResponse } from '@zorgportaal/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountSubscriptions } from '../db/schema/index.ts';
import { type AccountRow, findAccountByUsername } from '../repositories/accounts.ts';
import { verifyAgainstDummy, verifyPassword } from '../account-security/password-hash.ts';
import { accountCanLogIn } from './account-checks.ts';
import { completeLogin } from './complete-login.ts';
import { invalidCredentials, loginStepRequired, missingField } from './token-errors.ts';

async function hasSubscription(
  app: FastifyInstance,
  account: AccountRow,
  productId: number,
  now: Date,
): Promise<boolean> {
  const rows = await app.db
    .select()
    .from(accountSubscriptions)
    .where(
      and(eq(accountSubscriptions.accountId, account.id), eq(accountSubscriptions.productId, productId)),
    );
  return rows.some((s) => (!s.startsAt || s.startsAt <= now) && (!s.endsAt || s.endsAt >= now));
}

/**
 * Steps after a correct password that may still stop the login with a 403 and an Action.
 * The account-security issue replaces the 2FA step with a real TOTP check (totp + twofa_uuid).
 */
export async function checkLoginSteps(
  _app: FastifyInstance,
  account: AccountRow,
  _form: TokenRequest,
): Promise<void> {
  // 2FA first: the second factor proves who it is before any further step is offered.
  if (account.totpEnabled) throw loginStepRequired('2fa_required', account.id);
  if (account.mustChangePassword) throw loginStepRequired('pwchange_required', account.id);
}

/** grant_type=password (spec §7). */
export async function passwordGrant(
  app: FastifyInstance,
  request: FastifyRequest,
  form: TokenRequest,
): Promise<TokenResponse> {
  if (!form.username) throw missingField('username');
  if (form.password === undefined) throw missingField('password');
  const account = await findAccountByUsername(app.db, form.username);
  // Always verify, against a dummy hash for an unknown user, so the answer takes as long either way.
  const passwordOk = account
    ? await verifyPassword(account.passwordHash, form.password)
    : await verifyAgainstDummy(form.password);
  const actor = {
    userId: account?.id ?? null,
    username: form.username.slice(0, 200),
    entityId: account?.entityId ?? null,
  };
  if (!account || !passwordOk) {
    await app.audit.record(request, {
      action: 'E',
      outcome: 'failure',
      objectType: 'login',
      actor,
      detail: { reason: 'invalid_credentials' },
    });
    throw invalidCredentials();
  }
  const now = new Date();
  const productId = form.product_id ?? PRODUCT_ID;
  if (!accountCanLogIn(account, now) || !(await hasSubscription(app, account, productId, now))) {
    await app.audit.record(request, {
      action: 'E',
      outcome: 'denied',
      objectType: 'login',
      actor,
      detail: { reason: 'no_access', productId },
    });
    throw loginStepRequired('no_access');
  }
  await checkLoginSteps(app, account, form);
  return completeLogin(app, request, account);
}
