import {
  apiErrorSchema,
  idParamSchema,
  messageResponseSchema,
  AUDIT_ACTIONS,
  AUDIT_OBJECTS,
} from '@zorgportaal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { revokeAccountSessions } from '../../../platform/access/auth-port.ts';
import { notFound } from '../../../platform/errors.ts';
import { findAccountById } from '../queries/accounts.ts';
import { callerOf } from '../../../platform/scope.ts';

/**
 * GET /api/account/{id}/forcelogout (spec §7): ends every session of an account of the caller's own
 * organisation at once; its next request gets 401. Another organisation's account answers 404
 * (tenant isolation) and the attempt is logged.
 */
const forceLogoutRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/account/:id/forcelogout',
    {
      preHandler: app.requirePermission('accounts.forcelogout'),
      schema: {
        tags: ['account'],
        summary: 'Log an account out everywhere',
        params: idParamSchema,
        response: { 200: messageResponseSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const target = await findAccountById(app.db, request.params.id);
      if (!target || target.entityId !== caller.entityId) {
        await app.audit.record(request, {
          action: AUDIT_ACTIONS.execute,
          outcome: 'refused',
          objectType: AUDIT_OBJECTS.force_logout,
          objectId: request.params.id,
          detail: { reason: target ? 'other_organisation' : 'unknown_account' },
        });
        throw notFound();
      }
      const revokedSessions = await revokeAccountSessions(app.db, target.id, 'force_logout');
      await app.callerCache.forgetAccount(target.id);
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.execute,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.force_logout,
        objectId: target.id,
        detail: { username: target.username, revokedSessions },
      });
      return { message: `${target.username} is overal uitgelogd.` };
    },
  );
};

export default forceLogoutRoute;
