import {
  AUDIT_ACTIONS,
  AUDIT_OBJECTS,
  DOUBLE_CHECK_FIELDS,
  PRODUCT_ID,
  type DoubleCheckAtDose,
  type Permission,
} from '@zorgportaal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AccountRow, findAccountByUsername, loginIpAllowed, toAccountView } from '../accounts/public.ts';
import { accountCanLogIn } from '../../platform/access/account-checks.ts';
import { unprocessable } from '../../platform/errors.ts';
import { assertNotLockedOut, attemptKeys, countFailure, countSuccess } from './attempt-guard.ts';
import { verifyAgainstDummy, verifyPassword } from './password-hash.ts';
import { checkAccountCode } from './two-factor/account-code.ts';
import { callerOf } from '../../platform/scope.ts';

const WRONG_CREDENTIALS = 'De gebruikersnaam of het wachtwoord van uw collega klopt niet.';
const NOT_ALLOWED = 'Deze collega mag deze toediening niet controleren.';

/** A failed attempt is recorded like a failed login of that username (who tried: the caller, in detail). */
async function recordFailure(
  app: FastifyInstance,
  request: FastifyRequest,
  username: string,
  account: AccountRow | undefined,
  reason: string,
): Promise<void> {
  await app.audit.record(request, {
    action: AUDIT_ACTIONS.execute,
    outcome: 'failure',
    objectType: AUDIT_OBJECTS.login,
    objectId: account?.id ?? null,
    actor: {
      userId: account?.id ?? null,
      username: username.slice(0, 200),
      entityId: account?.entityId ?? null,
    },
    detail: { reason, step: 'double_check', byAccountId: callerOf(request).accountId },
  });
}

/**
 * Verifies the second professional of a double check at the dose, on the first user's device and in the
 * first user's request: the same password hash check and the same brute-force counters as the login
 * (scope 'login' for the password, '2fa' for the code, each code usable once), then: another person than
 * the caller, an active account of the caller's organisation, allowed from this address, holding
 * `permission`. Creates no session and touches none. Throws 422 naming the DoubleCheck field, or 429.
 */
export async function verifySecondProfessional(
  app: FastifyInstance,
  request: FastifyRequest,
  credentials: DoubleCheckAtDose,
  permission: Permission,
): Promise<AccountRow> {
  const caller = callerOf(request);
  const { Username: username, Password: password } = credentials;
  const keys = attemptKeys(app, 'login', request, username);
  await assertNotLockedOut(app, keys);
  const account = await findAccountByUsername(app.db, username);
  // Always verify, against a dummy hash for an unknown user, so the answer takes as long either way.
  const passwordOk = account
    ? await verifyPassword(account.passwordHash, password)
    : await verifyAgainstDummy(password);
  if (!account || !passwordOk) {
    await recordFailure(app, request, username, account, 'invalid_credentials');
    throw await countFailure(app, keys, unprocessable(WRONG_CREDENTIALS, DOUBLE_CHECK_FIELDS.password));
  }
  await countSuccess(app, keys);
  if (account.id === caller.accountId)
    throw unprocessable(
      'De dubbele controle moet door een andere gebruiker worden gedaan.',
      DOUBLE_CHECK_FIELDS.username,
    );
  const allowed =
    account.entityId === caller.entityId &&
    accountCanLogIn(account) &&
    !account.mustChangePassword &&
    (await loginIpAllowed(app.db, account.id, PRODUCT_ID, request.ip)) &&
    (await toAccountView(app.db, account)).Permissions.some((p) => p.name === permission);
  if (!allowed) {
    await recordFailure(app, request, username, account, 'not_allowed');
    throw unprocessable(NOT_ALLOWED, DOUBLE_CHECK_FIELDS.username);
  }
  if (account.totpEnabled) await verifySecondCode(app, request, account, credentials.Totp ?? '');
  return account;
}

async function verifySecondCode(
  app: FastifyInstance,
  request: FastifyRequest,
  account: AccountRow,
  code: string,
): Promise<void> {
  if (!code.trim())
    throw unprocessable('Vul de code uit de authenticator-app van uw collega in.', DOUBLE_CHECK_FIELDS.totp);
  const keys = attemptKeys(app, '2fa', request, account.username);
  await assertNotLockedOut(app, keys);
  const check = await checkAccountCode(app, account, code);
  if (check.ok) return countSuccess(app, keys);
  await recordFailure(app, request, account.username, account, `totp_${check.reason}`);
  throw await countFailure(app, keys, unprocessable('De code klopt niet.', DOUBLE_CHECK_FIELDS.totp));
}
