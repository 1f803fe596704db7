import {
  accountSchema,
  apiErrorSchema,
  idParamSchema,
  AUDIT_ACTIONS,
  AUDIT_OBJECTS,
} from '@zorgportaal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loadManagedAccount, toAccountView } from '../../../accounts/public.ts';
import { resetTwoFactor } from '../queries.ts';

/**
 * POST /api/account/{id}/reset2fa (the persons screen's account actions): an administrator removes an
 * account's 2FA, e.g. after a lost phone; the user enrols again after logging in with the password.
 */
const twoFactorAdminResetRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/account/:id/reset2fa',
    {
      schema: {
        tags: ['accounts'],
        params: idParamSchema,
        response: { 200: accountSchema, 403: apiErrorSchema, 404: apiErrorSchema, 422: apiErrorSchema },
      },
      preHandler: app.requirePermission('accounts.write'),
    },
    async (request) => {
      const { account } = await loadManagedAccount(app, request, request.params.id);
      const updated = await resetTwoFactor(app.db, account.id);
      await app.callerCache.forgetAccount(account.id);
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.update,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.account_2fa,
        objectId: account.id,
        detail: { change: 'reset' },
      });
      return toAccountView(app.db, updated);
    },
  );
};

export default twoFactorAdminResetRoute;
