import {
  AUDIT_ACTIONS,
  AUDIT_OBJECTS,
  isLegalOrderTransition,
  orderCancelBodySchema,
  orderIdParamsSchema,
  orderSchema,
  orderStatusUpdateSchema,
  type Order,
} from '@zorgportaal/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Tx } from '../../../platform/db/client.ts';
import { conflict, refuseNotFound as refuse } from '../../../platform/errors.ts';
import {
  changeStatus,
  findOrder,
  markSent,
  ordersByIds,
  type OrderRow,
  type OrderScope,
} from '../queries/index.ts';
import { careCentreScope, errors, pharmacyScope } from './scope.ts';
import { callerOf } from '../../../platform/scope.ts';

const NOT_OPEN = 'Deze bestelling is niet (meer) open en kan niet meer zo worden gewijzigd.';

interface Change {
  /** Beyond the scope: may this caller act on this order at all? (No → 404, as a foreign order.) */
  mayAct?: (order: OrderRow) => boolean;
  /** Applies the change in the transaction; false when the order's state does not allow it (409). */
  apply: (tx: Tx, order: OrderRow) => Promise<boolean>;
  illegal: string;
  changedFields: string[];
}

/**
 * One change of an order in scope, under a row lock: a missing or foreign order is refused (404 and
 * a `refused` audit entry), an illegal one is a 409; else one audit entry and the order as it is now.
 */
async function changeOrder(request: FastifyRequest, id: number, scope: OrderScope, change: Change) {
  const { db, audit } = request.server;
  const outcome = await db.transaction(async (tx) => {
    const order = await findOrder(tx, id, scope, true);
    if (!order || (change.mayAct && !change.mayAct(order))) return 'refused' as const;
    if (!(await change.apply(tx, order))) return 'illegal' as const;
    return order;
  });
  if (outcome === 'refused') return refuse(request, AUDIT_OBJECTS.order, id, AUDIT_ACTIONS.update);
  if (outcome === 'illegal') throw conflict(change.illegal);
  await audit.record(request, {
    action: AUDIT_ACTIONS.update,
    outcome: 'success',
    objectType: AUDIT_OBJECTS.order,
    objectId: id,
    patientId: outcome.patientId,
    changedFields: change.changedFields,
  });
  return (await ordersByIds(db, [id]))[0]!;
}

/** The pharmacy's decision, and the care centre's send and cancel (spec §7). */
const orderChangeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/medication/pharmacy/order',
    {
      schema: {
        tags: ['orders'],
        body: orderStatusUpdateSchema,
        response: { 200: orderSchema, ...errors },
      },
      preHandler: app.requirePermission('orders.decide'),
    },
    async (request): Promise<Order> => {
      const { id, entity, status, reason } = request.body;
      return changeOrder(request, id, await pharmacyScope(request), {
        mayAct: (order) => order.entityId === entity,
        apply: async (tx, order) => {
          if (!isLegalOrderTransition(order.status, status)) return false;
          await changeStatus(tx, id, {
            from: order.status,
            to: status,
            reason,
            accountId: callerOf(request).accountId,
            at: new Date(),
            decision: true,
          });
          return true;
        },
        illegal: NOT_OPEN,
        changedFields: reason ? ['Status', 'Reason'] : ['Status'],
      });
    },
  );

  app.post(
    '/api/medication/healthcare_provider/order/:id/send',
    {
      schema: { tags: ['orders'], params: orderIdParamsSchema, response: { 200: orderSchema, ...errors } },
      preHandler: app.requirePermission('orders.create'),
    },
    async (request): Promise<Order> => {
      const { id } = request.params;
      return changeOrder(request, id, careCentreScope(request), {
        apply: async (tx, order) => {
          if (order.sentAt !== null || order.status !== 'in_progress') return false;
          await markSent(tx, id, callerOf(request).accountId, new Date());
          return true;
        },
        illegal: 'Deze bestelling is al verstuurd.',
        changedFields: ['Status'],
      });
    },
  );

  app.post(
    '/api/medication/healthcare_provider/order/:id/cancel',
    {
      schema: {
        tags: ['orders'],
        params: orderIdParamsSchema,
        body: orderCancelBodySchema,
        response: { 200: orderSchema, ...errors },
      },
      preHandler: app.requirePermission('orders.create'),
    },
    async (request): Promise<Order> => {
      const { id } = request.params;
      return changeOrder(request, id, careCentreScope(request), {
        apply: async (tx, order) => {
          if (!isLegalOrderTransition(order.status, 'canceled')) return false;
          await changeStatus(tx, id, {
            from: order.status,
            to: 'canceled',
            reason: request.body.Reason,
            accountId: callerOf(request).accountId,
            at: new Date(),
            decision: false,
          });
          return true;
        },
        illegal: NOT_OPEN,
        changedFields: ['Status'],
      });
    },
  );
};

export default orderChangeRoutes;
