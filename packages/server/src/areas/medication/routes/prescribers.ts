import { prescriberOptionsSchema } from '@zorgportaal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { prescriberOptions } from '../queries/index.ts';
import { callerOf } from '../../../platform/scope.ts';

/**
 * The client form's prescriber select: GP practices linked to the caller's care centre as `gp`
 * (active). Organisation names only, no client data, so no audit entry.
 */
const prescriberRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/patients/prescribers',
    {
      schema: { tags: ['medication'], response: { 200: prescriberOptionsSchema } },
      preHandler: app.requirePermission('medication.write'),
    },
    async (request) => ({ Rows: await prescriberOptions(app.db, callerOf(request).entityId) }),
  );
};

export default prescriberRoutes;
