import {
  accountListQuerySchema,
  accountLookupsSchema,
  accountPageSchema,
  apiErrorSchema,
  AUDIT_ACTIONS,
  AUDIT_OBJECTS,
} from '@zorgportaal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, requireAnyPermission } from '../../../platform/scope.ts';
import { accountLookups } from '../queries/lookups.ts';
import { listAccounts } from '../queries/list.ts';

/** GET /api/accounts/ (spec §7) and the account form's choices; persons.read or accounts.write. */
const accountListRoutes: FastifyPluginAsyncZod = async (app) => {
  const readAccounts = requireAnyPermission('persons.read', 'accounts.write');

  app.get(
    '/api/accounts/',
    {
      schema: {
        tags: ['accounts'],
        summary: "The organisation's accounts, paged and filtered on the server",
        querystring: accountListQuerySchema,
        response: { 200: accountPageSchema, 400: apiErrorSchema, 403: apiErrorSchema },
      },
      preHandler: readAccounts,
    },
    async (request) => {
      const page = await listAccounts(app.db, callerOf(request).entityId, request.query);
      const { page: pageNo, pageSize, ...filters } = request.query;
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.read,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.account_list,
        detail: { filters, page: pageNo, pageSize, accountIds: page.Rows.map((r) => r.Id) },
      });
      return page;
    },
  );

  app.get(
    '/api/accounts/lookups',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Roles (with whether the caller may grant them), teams, groups and products',
        response: { 200: accountLookupsSchema, 403: apiErrorSchema },
      },
      preHandler: readAccounts,
    },
    async (request) => {
      const caller = callerOf(request);
      return accountLookups(app.db, caller.entityId, caller.permissions);
    },
  );
};

export default accountListRoutes;
