import {
  agreementCreateBodySchema,
  agreementListQuerySchema,
  agreementListSchema,
  agreementSchema,
  apiErrorSchema,
  patientParamsSchema,
  AUDIT_ACTIONS,
  AUDIT_OBJECTS,
} from '@zorgportaal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createAgreement } from '../agreement-writes.ts';
import { agreementValues, findPatient, getAgreement, listAgreements } from '../queries/index.ts';
import { callerOf, scopeOf } from '../../../platform/scope.ts';
import { refuseNotFound } from '../../../platform/errors.ts';

const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 422: apiErrorSchema };

/** The AMO of a patient (read, logged) and a new agreement (MP9 medicatieafspraak). */
const agreementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/medication/patient/:patientId/agreements',
    {
      schema: {
        tags: ['medication'],
        params: patientParamsSchema,
        querystring: agreementListQuerySchema,
        response: { 200: agreementListSchema, ...errors },
      },
      preHandler: app.requirePermission('medication.read'),
    },
    async (request) => {
      const { patientId } = request.params;
      const patient = await findPatient(app.db, patientId, await scopeOf(request));
      if (!patient) return refuseNotFound(request, AUDIT_OBJECTS.patient, patientId);
      const rows = await listAgreements(app.db, patientId, request.query.stoppedDays);
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.read,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.medication_agreements,
        objectId: patientId,
        patientId,
      });
      return { PatientId: patientId, Rows: rows };
    },
  );

  app.post(
    '/api/medication/agreement',
    {
      schema: {
        tags: ['medication'],
        body: agreementCreateBodySchema,
        response: { 201: agreementSchema, ...errors },
      },
      preHandler: app.requirePermission('medication.write'),
    },
    async (request, reply) => {
      const { PatientId, ...body } = request.body;
      const patient = await findPatient(app.db, PatientId, await scopeOf(request));
      if (!patient) return refuseNotFound(request, AUDIT_OBJECTS.patient, PatientId, AUDIT_ACTIONS.create);
      const values = await agreementValues(app.db, body, new Date());
      const created = await app.db.transaction((tx) =>
        createAgreement(tx, callerOf(request), { id: PatientId, entityId: patient.EntityId }, values),
      );
      await app.audit.recordMany(request, created.audit);
      return reply.code(201).send(await getAgreement(app.db, created.id));
    },
  );
};

export default agreementRoutes;
