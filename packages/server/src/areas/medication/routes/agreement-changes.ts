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
import { agreementChanged } from '../../../platform/agreement-changes.ts';
import { parseBoundary } from '../../../platform/time.ts';
import type { AgreementRow } from '../agreement-mapper.ts';
import {
  agreementValues,
  endAgreement,
  findAgreementRow,
  findSuccessor,
  getAgreement,
  insertAgreement,
  stopAgreement,
} from '../queries/index.ts';
import { conflict, isUniqueViolation, refuseNotFound, unprocessable } from '../../../platform/errors.ts';
import { callerOf, scopeOf } from '../../../platform/scope.ts';

const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema };
const ENDED = 'Deze afspraak is al beëindigd of gewijzigd.';

/** An agreement that already stopped, or ends before `at`, cannot be changed or stopped again. */
const isOver = (a: AgreementRow, at: Date) => a.stopType !== null || (a.endAt !== null && a.endAt <= at);

/**
 * Change (MP9): the old agreement ends at the change moment and a new one with ReplacesId starts at
 * the same instant, so history is kept and no dose is planned twice. Stop: stop type, reason, moment.
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
      if (await findSuccessor(app.db, id)) throw conflict(ENDED);
      const values = await agreementValues(app.db, request.body, new Date());
      if (isOver(old, values.startAt)) throw conflict(ENDED);
      if (values.startAt <= old.startAt)
        throw unprocessable('De wijziging moet na de start van de huidige afspraak ingaan.', 'Start');
      const created = await app.db
        .transaction(async (tx) => {
          await endAgreement(tx, id, values.startAt);
          const successor = await insertAgreement(tx, values, {
            entityId: old.entityId,
            patientId: old.patientId,
            replacesId: id,
            createdBy: callerOf(request).accountId,
          });
          await agreementChanged(tx, {
            kind: 'changed',
            agreementId: id,
            patientId: old.patientId,
            distributionForms: [old.distributionForm, values.distributionForm],
            at: values.startAt,
            by: callerOf(request).accountId,
          });
          return successor;
        })
        .catch((err: unknown) => {
          // Two changes of the same agreement at once: the unique replaces_id lets only one through.
          throw isUniqueViolation(err, 'medication_agreements_replaces_idx') ? conflict(ENDED) : err;
        });
      const audit = { outcome: 'success', patientId: old.patientId } as const;
      await app.audit.record(request, {
        ...audit,
        action: AUDIT_ACTIONS.update,
        objectType: AUDIT_OBJECTS.medication_agreement,
        objectId: id,
        changedFields: ['End'],
        detail: { ReplacedById: created },
      });
      await app.audit.record(request, {
        ...audit,
        action: AUDIT_ACTIONS.create,
        objectType: AUDIT_OBJECTS.medication_agreement,
        objectId: created,
        detail: { ReplacesId: id },
      });
      return reply.code(201).send(await getAgreement(app.db, created));
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
      if (isOver(agreement, requested)) throw conflict(ENDED);
      // Stopping an agreement that has not started yet ends it at its start: nothing is ever planned.
      const endAt = requested < agreement.startAt ? agreement.startAt : requested;
      await app.db.transaction(async (tx) => {
        await stopAgreement(tx, id, { endAt, stopType: StopType, stopReason: Reason });
        await agreementChanged(tx, {
          kind: 'stopped',
          agreementId: id,
          patientId: agreement.patientId,
          distributionForms: [agreement.distributionForm],
          at: endAt,
          by: callerOf(request).accountId,
        });
      });
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.update,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.medication_agreement,
        objectId: id,
        patientId: agreement.patientId,
        changedFields: ['End', 'StopType', 'StopReason'],
        detail: { StopType },
      });
      return getAgreement(app.db, id);
    },
  );
};

export default agreementChangeRoutes;
