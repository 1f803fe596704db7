import {
  PRODUCT_ID,
  apiErrorSchema,
  messageResponseSchema,
  passwordChangeFormSchema,
  AUDIT_ACTIONS,
  AUDIT_OBJECTS,
} from '@zorgportaal/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../password-hash.ts';
import { checkPasswordChange } from '../password-policy.ts';
import { accountCanLogIn } from '../../../platform/access/account-checks.ts';
import { bearerToken, callerForAccessToken } from '../../../platform/access/access-token.ts';
import { assertNotLockedOut, attemptKeys, countFailure, countSuccess } from '../attempt-guard.ts';
import { storePassword } from '../password-store.ts';
import {
  forbidden,
  HttpError,
  loginStepRequired,
  passwordRejected,
  unauthorized,
  unprocessable,
  wrongCurrentPassword,
} from '../../../platform/errors.ts';
import { passedTwofaRecently } from '../two-factor/login-step.ts';
import { assertStepUpCode } from '../step-up.ts';
import { findAccountById, loginIpAllowed } from '../../accounts/public.ts';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  422: apiErrorSchema,
  429: apiErrorSchema,
};

/**
 * POST /api/auth/passwordreset (spec §7, form): the forced change at login (no token: the account is
 * flagged) and the change in account settings (bearer token of that same account). Public in the
 * auth hook's allow-list, so the optional bearer token is resolved here.
 */
const passwordChangeRoute: FastifyPluginAsyncZod = async (app) => {
  const bearerCaller = async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    if (header === undefined) return null;
    const token = bearerToken(request);
    const caller = token ? await callerForAccessToken(app, request, token) : null;
    if (!caller) throw unauthorized();
    return caller;
  };

  app.post(
    '/api/auth/passwordreset',
    {
      schema: {
        tags: ['auth'],
        summary: 'Change the password (forced at login, or from the account settings)',
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: passwordChangeFormSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const form = request.body;
      const caller = await bearerCaller(request);
      if (caller && caller.accountId !== form.account_id) throw forbidden();
      const found = await findAccountById(app.db, form.account_id);
      const account = found && accountCanLogIn(found) ? found : undefined;
      // The current password is a password guess like a login: same counters, same dummy timing.
      const keys = attemptKeys(app, 'login', request, account?.username ?? `#${form.account_id}`);
      await assertNotLockedOut(app, keys);
      const ok = account
        ? await verifyPassword(account.passwordHash, form.current_password)
        : await verifyAgainstDummy(form.current_password);
      const actor = {
        userId: account?.id ?? null,
        username: account?.username ?? null,
        entityId: account?.entityId ?? null,
      };
      if (!account || !ok) {
        await app.audit.record(request, {
          action: AUDIT_ACTIONS.update,
          outcome: 'failure',
          objectType: AUDIT_OBJECTS.password,
          objectId: form.account_id,
          actor,
          detail: { reason: 'wrong_current_password' },
        });
        throw await countFailure(app, keys, wrongCurrentPassword());
      }
      await countSuccess(app, keys);
      // Without a session this call is only the forced change at login, so the login's other checks
      // apply too: the IP allow-list and, for a 2FA account, a code step passed just before.
      if (!caller) {
        if (!account.mustChangePassword)
          throw new HttpError(403, 'FORBIDDEN', 'Log in om uw wachtwoord te wijzigen.');
        if (!(await loginIpAllowed(app.db, account.id, PRODUCT_ID, request.ip)))
          throw loginStepRequired('ip_not_allowed');
        if (account.totpEnabled && !(await passedTwofaRecently(app, account.id)))
          throw loginStepRequired('2fa_required', account.id);
      }
      // The current password (just verified) as the new one changes nothing: the forced change would be a no-op.
      if (form.password === form.current_password)
        throw unprocessable('Kies een ander wachtwoord dan uw huidige wachtwoord.', 'password');
      const check = checkPasswordChange({ ...form, username: account.username });
      if (!check.ok) throw passwordRejected(check);
      // Step-up in the settings: with 2FA on, the current code as well (a token alone changes nothing).
      // Checked last, so a refused new password does not use up the code.
      if (caller)
        await assertStepUpCode(app, request, account, form.totp, {
          objectType: AUDIT_OBJECTS.password,
          objectId: account.id,
        });
      const hash = await hashPassword(form.password);
      const { revokedSessions } = await app.db.transaction((tx) =>
        storePassword(tx, account.id, hash, { reason: 'password_change', keepSessionId: caller?.sessionId }),
      );
      await app.callerCache.forgetAccount(account.id);
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.update,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.password,
        objectId: account.id,
        actor,
        detail: { forced: !caller, revokedSessions },
      });
      return { message: 'Uw wachtwoord is gewijzigd.' };
    },
  );
};

export default passwordChangeRoute;
