import {
  apiErrorSchema,
  AUDIT_ACTIONS,
  AUDIT_OBJECTS,
  isLegalOrderTransition,
  orderCancelBodySchema,
  orderCreateBodySchema,
  orderIdParamsSchema,
  orderListQuerySchema,
  orderPageSchema,
  orderSchema,
  orderStatusUpdateSchema,
  type OrderListQuery,
} from '@zorgportaal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq, inArray } from 'drizzle-orm';
import * as t from '../../platform/db/schema/index.ts';
import { conflict, refuseNotFound as refuse, unprocessable } from '../../platform/errors.ts';
import { listEtag, matches, notModified, REVALIDATE } from './etag.ts';
import {
  changeStatus,
  findOrder,
  insertOrder,
  listOrders,
  listVersion,
  markSent,
  ordersByIds,
  suppliedCareCentres,
  supplierOf,
  type OrderScope,
} from './queries.ts';

const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema };

export async function pharmacyScope(request: FastifyRequest): Promise<OrderScope> {
  const pharmacyId = request.caller!.entityId;
  return {
    side: 'pharmacy',
    pharmacyId,
    careCentreIds: await suppliedCareCentres(request.server.db, pharmacyId),
  };
}
export const careCentreScope = (request: FastifyRequest): OrderScope => ({
  side: 'carecentre',
  entityId: request.caller!.entityId,
});

const NOT_OPEN = 'Deze bestelling is niet (meer) open en kan niet meer zo worden gewijzigd.';

/** The orders of a care centre at its pharmacy (spec §7): the two lists, the decision, and create/send/cancel. */
const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  /** One list answer: a 304 for an unchanged refresh, else the page and one audit entry per view. */
  async function answerList(
    request: FastifyRequest,
    reply: FastifyReply,
    scope: OrderScope,
    query: OrderListQuery,
  ) {
    const etag = listEtag(await listVersion(app.db, scope), request.caller!.accountId, query);
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
    async (request) => {
      const { id, entity, status, reason } = request.body;
      const scope = await pharmacyScope(request);
      const outcome = await app.db.transaction(async (tx) => {
        const order = await findOrder(tx, id, scope, true);
        if (!order || order.entityId !== entity) return 'refused' as const;
        if (!isLegalOrderTransition(order.status, status)) return 'illegal' as const;
        await changeStatus(tx, id, {
          from: order.status,
          to: status,
          reason,
          accountId: request.caller!.accountId,
          at: new Date(),
          decision: true,
        });
        return order;
      });
      if (outcome === 'refused') return refuse(request, AUDIT_OBJECTS.order, id, AUDIT_ACTIONS.update);
      if (outcome === 'illegal') throw conflict(NOT_OPEN);
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.update,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.order,
        objectId: id,
        patientId: outcome.patientId,
        changedFields: reason ? ['Status', 'Reason'] : ['Status'],
      });
      return (await ordersByIds(app.db, [id]))[0]!;
    },
  );

  app.post(
    '/api/medication/healthcare_provider/order',
    {
      schema: {
        tags: ['orders'],
        body: orderCreateBodySchema,
        response: { 201: orderSchema, ...errors },
      },
      preHandler: app.requirePermission('orders.create'),
    },
    async (request, reply) => {
      const body = request.body;
      const caller = request.caller!;
      let departmentId = body.DepartmentId;
      if (body.PatientId !== null) {
        const [patient] = await app.db
          .select({ departmentId: t.patients.departmentId })
          .from(t.patients)
          .where(and(eq(t.patients.id, body.PatientId), eq(t.patients.entityId, caller.entityId)));
        if (!patient) return refuse(request, AUDIT_OBJECTS.patient, body.PatientId, AUDIT_ACTIONS.create);
        departmentId = patient.departmentId;
      } else if (departmentId !== null) {
        const [department] = await app.db
          .select({ id: t.departments.id })
          .from(t.departments)
          .where(and(eq(t.departments.id, departmentId), eq(t.departments.entityId, caller.entityId)));
        if (!department) return refuse(request, AUDIT_OBJECTS.department, departmentId, AUDIT_ACTIONS.create);
      }
      const productIds = [
        ...new Set(body.Lines.flatMap((l) => (l.MedicationId === null ? [] : [l.MedicationId]))),
      ];
      if (productIds.length) {
        const known = new Set(
          (
            await app.db
              .select({ id: t.medications.id })
              .from(t.medications)
              .where(inArray(t.medications.id, productIds))
          ).map((r) => r.id),
        );
        const missing = body.Lines.findIndex((l) => l.MedicationId !== null && !known.has(l.MedicationId));
        if (missing >= 0) throw unprocessable('Dit product bestaat niet.', `Lines.${missing}.MedicationId`);
      }
      const pharmacyEntityId = await supplierOf(app.db, caller.entityId);
      if (pharmacyEntityId === undefined)
        throw unprocessable('Er is geen apotheek die deze organisatie beleverd.', 'Lines');
      const id = await app.db.transaction((tx) =>
        insertOrder(
          tx,
          {
            entityId: caller.entityId,
            pharmacyEntityId,
            departmentId,
            patientId: body.PatientId,
            accountId: caller.accountId,
            at: new Date(),
          },
          body,
        ),
      );
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.create,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.order,
        objectId: id,
        patientId: body.PatientId,
      });
      return reply.code(201).send((await ordersByIds(app.db, [id]))[0]!);
    },
  );

  app.post(
    '/api/medication/healthcare_provider/order/:id/send',
    {
      schema: { tags: ['orders'], params: orderIdParamsSchema, response: { 200: orderSchema, ...errors } },
      preHandler: app.requirePermission('orders.create'),
    },
    async (request) => {
      const { id } = request.params;
      const outcome = await app.db.transaction(async (tx) => {
        const order = await findOrder(tx, id, careCentreScope(request), true);
        if (!order) return 'refused' as const;
        if (order.sentAt !== null || order.status !== 'in_progress') return 'illegal' as const;
        await markSent(tx, id, request.caller!.accountId, new Date());
        return order;
      });
      if (outcome === 'refused') return refuse(request, AUDIT_OBJECTS.order, id, AUDIT_ACTIONS.update);
      if (outcome === 'illegal') throw conflict('Deze bestelling is al verstuurd.');
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.update,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.order,
        objectId: id,
        patientId: outcome.patientId,
        changedFields: ['Status'],
      });
      return (await ordersByIds(app.db, [id]))[0]!;
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
    async (request) => {
      const { id } = request.params;
      const outcome = await app.db.transaction(async (tx) => {
        const order = await findOrder(tx, id, careCentreScope(request), true);
        if (!order) return 'refused' as const;
        if (!isLegalOrderTransition(order.status, 'canceled')) return 'illegal' as const;
        await changeStatus(tx, id, {
          from: order.status,
          to: 'canceled',
          reason: request.body.Reason,
          accountId: request.caller!.accountId,
          at: new Date(),
          decision: false,
        });
        return order;
      });
      if (outcome === 'refused') return refuse(request, AUDIT_OBJECTS.order, id, AUDIT_ACTIONS.update);
      if (outcome === 'illegal') throw conflict(NOT_OPEN);
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.update,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.order,
        objectId: id,
        patientId: outcome.patientId,
        changedFields: ['Status'],
      });
      return (await ordersByIds(app.db, [id]))[0]!;
    },
  );
};

export default orderRoutes;
