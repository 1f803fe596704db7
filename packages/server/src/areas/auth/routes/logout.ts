import { AUDIT_ACTIONS, AUDIT_OBJECTS } from '@zorgportaal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { revokeSession } from '../sessions/queries/index.ts';
import { callerOf } from '../../../platform/scope.ts';

/** POST /api/account/logout: revokes the caller's session, so its access and refresh tokens stop working at once. */
const logoutRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/account/logout',
    {
      schema: { tags: ['account'], summary: 'Log out (revoke the session)', response: { 200: z.object({}) } },
    },
    async (request) => {
      const caller = callerOf(request);
      await revokeSession(app.db, caller.sessionId, 'logout');
      await app.callerCache.forgetSession(caller.sessionId);
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.execute,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.logout,
        objectId: caller.accountId,
        detail: { sessionId: caller.sessionId },
      });
      return {};
    },
  );
};

export default logoutRoute;
