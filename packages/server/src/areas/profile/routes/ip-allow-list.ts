import {
  nonNegativeInt32,
  idParamSchema,
  apiErrorSchema,
  currentIpSchema,
  ipAllowEntrySchema,
  newIpAllowEntrySchema,
  stepUpSchema,
  type StepUp,
  AUDIT_ACTIONS,
  AUDIT_OBJECTS,
} from '@zorgportaal/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { normaliseClientIp } from '../../../platform/access/ip-allow-list.ts';
import { notFound, unauthorized } from '../../../platform/errors.ts';
import { assertStepUp } from '../../auth/public.ts';
import {
  addIpAllowEntry,
  findAccountById,
  listIpAllowEntries,
  removeIpAllowEntry,
  toIpAllowEntry,
} from '../../accounts/public.ts';
import { callerOf } from '../../../platform/scope.ts';

/** The caller's own IP allow-list. Entries of other accounts are invisible: 404. */
const ipAllowListRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Step-up (current password, plus code with 2FA): a token alone may not change the list. */
  const stepUp = (request: FastifyRequest, proof: StepUp) => async () => {
    const account = await findAccountById(app.db, callerOf(request).accountId);
    if (!account) throw unauthorized();
    await assertStepUp(app, request, account, proof, {
      objectType: AUDIT_OBJECTS.ip_allow_list,
      objectId: account.id,
    });
  };

  app.get(
    '/api/account/ip/currentip',
    {
      schema: {
        tags: ['account'],
        summary: 'The address this request came from',
        response: { 200: currentIpSchema },
      },
    },
    async (request) => ({ Ip: normaliseClientIp(request.ip) ?? request.ip }),
  );

  app.get(
    '/api/account/ips/:productId',
    {
      schema: {
        tags: ['account'],
        summary: "The caller's allowed addresses for a product",
        params: z.object({ productId: nonNegativeInt32 }),
        response: { 200: z.array(ipAllowEntrySchema) },
      },
    },
    async (request) => {
      const rows = await listIpAllowEntries(app.db, callerOf(request).accountId, request.params.productId);
      return rows.map(toIpAllowEntry);
    },
  );

  app.post(
    '/api/account/ips',
    {
      schema: {
        tags: ['account'],
        summary: 'Add an address or CIDR range',
        body: newIpAllowEntrySchema,
        response: {
          201: ipAllowEntrySchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          409: apiErrorSchema,
          422: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const row = await addIpAllowEntry(
        app.db,
        callerOf(request),
        request.body,
        request.ip,
        stepUp(request, request.body),
      );
      await app.callerCache.forgetAccount(row.accountId);
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.create,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.ip_allow_list,
        objectId: row.id,
        detail: { ip: row.ip, productId: row.productId },
      });
      return reply.code(201).send(toIpAllowEntry(row));
    },
  );

  app.delete(
    '/api/account/ips/:id',
    {
      schema: {
        tags: ['account'],
        summary: 'Remove one of your own entries (body: the step-up fields)',
        params: idParamSchema,
        body: stepUpSchema,
        response: {
          200: z.object({}),
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          422: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const row = await removeIpAllowEntry(
        app.db,
        caller.accountId,
        request.params.id,
        request.ip,
        stepUp(request, request.body),
      );
      if (!row) {
        await app.audit.record(request, {
          action: AUDIT_ACTIONS.delete,
          outcome: 'refused',
          objectType: AUDIT_OBJECTS.ip_allow_list,
          objectId: request.params.id,
          detail: { reason: 'not_own_entry' },
        });
        throw notFound();
      }
      await app.callerCache.forgetAccount(caller.accountId);
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.delete,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.ip_allow_list,
        objectId: row.id,
        detail: { ip: row.ip, productId: row.productId },
      });
      return {};
    },
  );
};

export default ipAllowListRoutes;
