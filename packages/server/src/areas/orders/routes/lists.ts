import {
  AUDIT_OBJECTS,
  orderListQuerySchema,
  orderPageSchema,
  type OrderListQuery,
} from '@zorgportaal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { matches, notModified, REVALIDATE } from '../../../platform/etag.ts';
import { listEtag } from '../etag.ts';
import { listOrders, listVersion, type OrderScope } from '../queries/index.ts';
import { careCentreScope, errors, pharmacyScope } from './scope.ts';
import { callerOf } from '../../../platform/scope.ts';

/** The two order lists (spec §7): the pharmacy's action list and a care centre's own orders. */
const orderListRoutes: FastifyPluginAsyncZod = async (app) => {
  /** One list answer: a 304 for an unchanged refresh, else the page and one audit entry per view. */
  async function answerList(
    request: FastifyRequest,
    reply: FastifyReply,
    scope: OrderScope,
    query: OrderListQuery,
  ) {
    const etag = listEtag(await listVersion(app.db, scope), callerOf(request).accountId, query);
    if (matches(request, etag)) return notModified(reply, etag);
    const page = await listOrders(app.db, scope, query);
    await app.audit.recordView(request, {
      objectType: AUDIT_OBJECTS.order_list,
      objectId: scope.side,
      view: { ...query },
      relatedPatientIds: page.Rows.flatMap((r) => (r.Patient ? [r.Patient.Id] : [])),
    });
    reply.header('Cache-Control', REVALIDATE).header('ETag', etag);
    return page;
  }

  app.get(
    '/api/medication/pharmacy/orders',
    {
      schema: {
        tags: ['orders'],
        querystring: orderListQuerySchema,
        response: { 200: orderPageSchema, ...errors },
      },
      preHandler: app.requirePermission('orders.read'),
    },
    async (request, reply) => answerList(request, reply, await pharmacyScope(request), request.query),
  );

  app.get(
    '/api/medication/healthcare_provider/orders',
    {
      schema: {
        tags: ['orders'],
        querystring: orderListQuerySchema,
        response: { 200: orderPageSchema, ...errors },
      },
      preHandler: app.requirePermission('orders.read'),
    },
    async (request, reply) => answerList(request, reply, careCentreScope(request), request.query),
  );
};

export default orderListRoutes;
