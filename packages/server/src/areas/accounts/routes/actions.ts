import {
  accountSchema,
  apiErrorSchema,
  idParamSchema,
  messageResponseSchema,
  AUDIT_ACTIONS,
  AUDIT_OBJECTS,
} from '@zorgportaal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loadManagedAccount } from '../managed-account.ts';
import { unprocessable } from '../../../platform/errors.ts';
import { deactivateAccount, toAccountView } from '../queries/accounts.ts';
import { revokeAccountSessions, sendSetPasswordMail } from '../../../platform/access/auth-port.ts';

const errors = { 403: apiErrorSchema, 404: apiErrorSchema, 422: apiErrorSchema };
const params = idParamSchema;

/**
 * Account actions of the persons screen (ours): deactivate, resend the set-password mail. (Its third action,
 * resetting 2FA, is the auth area's 2FA module: `auth/two-factor/routes/admin-reset.ts`.)
 */
const accountActionRoutes: FastifyPluginAsyncZod = async (app) => {
  const write = app.requirePermission('accounts.write');

  app.post(
    '/api/account/:id/deactivate',
    {
      schema: { tags: ['accounts'], params, response: { 200: accountSchema, ...errors } },
      preHandler: write,
    },
    async (request) => {
      const { account, own } = await loadManagedAccount(app, request, request.params.id);
      if (own) throw unprocessable('U kunt uw eigen account niet deactiveren.', 'Active');
      const updated = await deactivateAccount(app.db, account.id);
      // security.md: deactivating an account revokes all its tokens at once.
      const revokedSessions = await revokeAccountSessions(app.db, account.id, 'account_deactivated');
      await app.callerCache.forgetAccount(account.id);
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.update,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.account,
        objectId: account.id,
        detail: { change: 'deactivate', revokedSessions },
      });
      return toAccountView(app.db, updated!);
    },
  );

  app.post(
    '/api/account/:id/sendpasswordmail',
    {
      schema: { tags: ['accounts'], params, response: { 200: messageResponseSchema, ...errors } },
      preHandler: write,
    },
    async (request) => {
      const { account } = await loadManagedAccount(app, request, request.params.id);
      const mailSent = await sendSetPasswordMail(app, request, account);
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.execute,
        outcome: mailSent ? 'success' : 'failure',
        objectType: AUDIT_OBJECTS.password_reset_request,
        objectId: account.id,
        detail: { by: 'administrator' },
      });
      if (!mailSent) throw unprocessable('De e-mail kon niet worden verstuurd. Controleer het e-mailadres.');
      return { message: 'De e-mail om een wachtwoord in te stellen is verstuurd.' };
    },
  );
};

export default accountActionRoutes;
