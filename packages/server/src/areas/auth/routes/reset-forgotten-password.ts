import {
  apiErrorSchema,
  messageResponseSchema,
  resetForgottenPasswordFormSchema,
  AUDIT_ACTIONS,
  AUDIT_OBJECTS,
} from '@zorgportaal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hashPassword } from '../password-hash.ts';
import { checkPasswordChange } from '../password-policy.ts';
import { hashToken } from '../reset-token.ts';
import { claimResetToken, findResetToken } from '../queries/index.ts';
import { accountCanLogIn } from '../../../platform/access/account-checks.ts';
import {
  type AttemptKeys,
  assertNotLockedOut,
  attemptKeys,
  countFailure,
  countSuccess,
} from '../attempt-guard.ts';
import { storePassword } from '../password-store.ts';
import {
  type HttpError,
  passwordRejected,
  resetLinkGone,
  resetLinkUnknown,
} from '../../../platform/errors.ts';
import { type AccountRow, findAccountById } from '../../accounts/public.ts';

const errors = { 400: apiErrorSchema, 410: apiErrorSchema, 422: apiErrorSchema, 429: apiErrorSchema };

/**
 * POST /api/auth/resetforgotpassword (spec §7, form: token, password, password_confirmation).
 * Unknown token → 400, used or expired → 410; the password policy → 422 naming the field. On success
 * the token is used up, every session ends, and 2FA stays exactly as it was.
 */
const resetForgottenPasswordRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/auth/resetforgotpassword',
    {
      schema: {
        tags: ['auth'],
        summary: 'Choose a new password with the link from the mail',
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: resetForgottenPasswordFormSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      /** Counts and logs a refused link; returns the error to throw (or 429 at the limit). */
      const refuse = async (keys: AttemptKeys, error: HttpError, account?: AccountRow) => {
        await app.audit.record(request, {
          action: AUDIT_ACTIONS.update,
          outcome: 'failure',
          objectType: AUDIT_OBJECTS.password_reset,
          objectId: account?.id ?? null,
          actor: {
            userId: account?.id ?? null,
            username: account?.username ?? null,
            entityId: account?.entityId ?? null,
          },
          detail: { reason: error.statusCode === 400 ? 'unknown_token' : 'used_or_expired_token' },
        });
        return countFailure(app, keys, error);
      };
      const form = request.body;
      const now = new Date();
      const ipKeys = attemptKeys(app, 'reset', request, null);
      await assertNotLockedOut(app, ipKeys);
      const hash = hashToken(form.token);
      const row = await findResetToken(app.db, hash);
      if (!row) throw await refuse(ipKeys, resetLinkUnknown());
      const account = await findAccountById(app.db, row.accountId);
      const keys = attemptKeys(app, 'reset', request, account?.username ?? `#${row.accountId}`);
      await assertNotLockedOut(app, keys);
      if (row.usedAt || row.expiresAt <= now || !account || !accountCanLogIn(account, now))
        throw await refuse(keys, resetLinkGone(), account);
      const check = checkPasswordChange({ ...form, username: account.username });
      if (!check.ok) throw passwordRejected(check);
      const passwordHash = await hashPassword(form.password);
      const { revokedSessions } = await app.db.transaction(async (tx) => {
        // Of two requests with the same link only one gets past this.
        if (!(await claimResetToken(tx, hash))) throw resetLinkGone();
        return storePassword(tx, account.id, passwordHash, { reason: 'password_reset' });
      });
      await app.callerCache.forgetAccount(account.id);
      // The mailbox owner proved who they are: lift a password lockout so they can log in right away.
      await countSuccess(app, attemptKeys(app, 'login', request, account.username));
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.update,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.password_reset,
        objectId: account.id,
        actor: { userId: account.id, username: account.username, entityId: account.entityId },
        detail: { revokedSessions },
      });
      return { message: 'Uw wachtwoord is opnieuw ingesteld. U kunt nu inloggen met uw nieuwe wachtwoord.' };
    },
  );
};

export default resetForgottenPasswordRoute;
