import {
  agreementChangeBodySchema,
  agreementParamsSchema,
  agreementSchema,
  agreementStopBodySchema,
  apiErrorSchema,
  AUDIT_ACTIONS,
  AUDIT_OBJECTS,
} from '@zorgportaal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { parseBoundary } from '../../../platform/time.ts';
import { asChangeConflict, changeAgreement, stopAgreementAt } from '../agreement-writes.ts';
import { agreementValues, findAgreementRow, getAgreement } from '../queries/index.ts';
import { refuseNotFound } from '../../../platform/errors.ts';
import { callerOf, scopeOf } from '../../../platform/scope.ts';

const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema };

/**
 * Change (MP9): the old agreement ends at the change moment and a new one with ReplacesId starts at
 * the same instant, so history is kept and no dose is planned twice. Stop: stop type, reason, moment.
 * The rules are agreement-writes.ts's (the FHIR transaction runs them too).
 */
const agreementChangeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/medication/agreement/:id/change',
    {
      schema: {
        tags: ['medication'],
        params: agreementParamsSchema,
        body: agreementChangeBodySchema,
        response: { 201: agreementSchema, ...errors },
      },
      preHandler: app.requirePermission('medication.write'),
    },
    async (request, reply) => {
      const { id } = request.params;
      const old = await findAgreementRow(app.db, id, await scopeOf(request));
      if (!old) return refuseNotFound(request, AUDIT_OBJECTS.medication_agreement, id, AUDIT_ACTIONS.update);
      const values = await agreementValues(app.db, request.body, new Date());
      const changed = await app.db
        .transaction((tx) => changeAgreement(tx, callerOf(request), old, values))
        .catch((err: unknown) => {
          throw asChangeConflict(err);
        });
      await app.audit.recordMany(request, changed.audit);
      return reply.code(201).send(await getAgreement(app.db, changed.id));
    },
  );

  app.post(
    '/api/medication/agreement/:id/stop',
    {
      schema: {
        tags: ['medication'],
        params: agreementParamsSchema,
        body: agreementStopBodySchema,
        response: { 200: agreementSchema, ...errors },
      },
      preHandler: app.requirePermission('medication.write'),
    },
    async (request) => {
      const { id } = request.params;
      const agreement = await findAgreementRow(app.db, id, await scopeOf(request));
      if (!agreement)
        return refuseNotFound(request, AUDIT_OBJECTS.medication_agreement, id, AUDIT_ACTIONS.update);
      const { StopType, Reason, StopAt } = request.body;
      const requested = StopAt ? parseBoundary(StopAt, 'end') : new Date();
      const stopped = await app.db.transaction((tx) =>
        stopAgreementAt(tx, callerOf(request), agreement, { stopType: StopType, reason: Reason, requested }),
      );
      await app.audit.recordMany(request, stopped.audit);
      return getAgreement(app.db, id);
    },
  );
};

export default agreementChangeRoutes;
