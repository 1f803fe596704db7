import {
  apiErrorSchema,
  idParamSchema,
  ipAllowEntrySchema,
  messageResponseSchema,
  AUDIT_ACTIONS,
  AUDIT_OBJECTS,
} from '@zorgportaal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loadManagedAccount } from '../managed-account.ts';
import { toIpAllowEntry } from '../ip-allow-list.ts';
import { clearAccountIpEntries, listAccountIpEntries } from '../queries/ip-allow-list.ts';

const errors = { 403: apiErrorSchema, 404: apiErrorSchema };

/**
 * The IP allow-list of an account of the caller's own organisation, for its Beheerder (accounts.write):
 * list every entry and clear them all, the way out for a user who locked themselves out. Another
 * organisation's account answers 404 and the attempt is logged as refused (loadManagedAccount).
 */
const accountIpAllowListRoutes: FastifyPluginAsyncZod = async (app) => {
  const write = app.requirePermission('accounts.write');

  app.get(
    '/api/accounts/:id/ips',
    {
      schema: {
        tags: ['accounts'],
        summary: "An account's IP allow-list entries (all products)",
        params: idParamSchema,
        response: { 200: z.array(ipAllowEntrySchema), ...errors },
      },
      preHandler: write,
    },
    async (request) => {
      const { account } = await loadManagedAccount(app, request, request.params.id);
      const rows = await listAccountIpEntries(app.db, account.id);
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.read,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.ip_allow_list,
        objectId: account.id,
        detail: { username: account.username, entries: rows.length },
      });
      return rows.map(toIpAllowEntry);
    },
  );

  app.delete(
    '/api/accounts/:id/ips',
    {
      schema: {
        tags: ['accounts'],
        summary: "Clear an account's IP allow-list: it may log in from any address again",
        params: idParamSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
      preHandler: write,
    },
    async (request) => {
      const { account } = await loadManagedAccount(app, request, request.params.id);
      const removed = await clearAccountIpEntries(app.db, account.id);
      // Cached callers carry the old list; every instance re-reads the account on its next request.
      await app.callerCache.forgetAccount(account.id);
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.delete,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.ip_allow_list,
        objectId: account.id,
        detail: {
          username: account.username,
          cleared: removed.map((r) => ({ ip: r.ip, productId: r.productId })),
        },
      });
      return { message: `De IP-lijst van ${account.username} is gewist.` };
    },
  );
};

export default accountIpAllowListRoutes;
