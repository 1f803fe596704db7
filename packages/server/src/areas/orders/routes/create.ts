import { AUDIT_ACTIONS, AUDIT_OBJECTS, orderCreateBodySchema, orderSchema } from '@zorgportaal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refuseNotFound as refuse, unprocessable } from '../../../platform/errors.ts';
import {
  insertOrder,
  knownProducts,
  ordersByIds,
  ownDepartment,
  patientDepartment,
  supplierOf,
} from '../queries/index.ts';
import { errors } from './scope.ts';
import { callerOf } from '../../../platform/scope.ts';

/** A care centre's new order (a draft, or sent at once) to the pharmacy that supplies it. */
const orderCreateRoutes: FastifyPluginAsyncZod = async (app) => {
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
      const caller = callerOf(request);
      let departmentId = body.DepartmentId;
      if (body.PatientId !== null) {
        const patient = await patientDepartment(app.db, body.PatientId, caller.entityId);
        if (!patient) return refuse(request, AUDIT_OBJECTS.patient, body.PatientId, AUDIT_ACTIONS.create);
        departmentId = patient.departmentId;
      } else if (departmentId !== null && !(await ownDepartment(app.db, departmentId, caller.entityId))) {
        return refuse(request, AUDIT_OBJECTS.department, departmentId, AUDIT_ACTIONS.create);
      }
      const known = await knownProducts(app.db, [
        ...new Set(body.Lines.flatMap((l) => (l.MedicationId === null ? [] : [l.MedicationId]))),
      ]);
      const missing = body.Lines.findIndex((l) => l.MedicationId !== null && !known.has(l.MedicationId));
      if (missing >= 0) throw unprocessable('Dit product bestaat niet.', `Lines.${missing}.MedicationId`);
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
};

export default orderCreateRoutes;
