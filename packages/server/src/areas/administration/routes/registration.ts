import {
  apiErrorSchema,
  doubleCheckBodySchema,
  registrationBodySchema,
  registrationParamsSchema,
  registrationSchema,
  AUDIT_ACTIONS,
  AUDIT_OBJECTS,
} from '@zorgportaal/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findAgreementForRegistration, register } from '../register.ts';
import { loadUsers, toRegistration } from '../registration-mapper.ts';
import { doubleCheckRefusal } from '../rules.ts';
import * as t from '../../../platform/db/schema/index.ts';
import { conflict, forbidden, refuseNotFound, unprocessable } from '../../../platform/errors.ts';
import { inPatientScope, scopeOf } from '../../../platform/scope.ts';

const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema };

/** Registering a dose (or a deviation, or a correction) and the second user's double check. */
const registrationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/administration/registration',
    {
      schema: {
        tags: ['administration'],
        body: registrationBodySchema,
        response: { 201: registrationSchema, ...errors },
      },
      preHandler: app.requirePermission('administration.register'),
    },
    async (request, reply) => {
      const { AgreementId } = request.body;
      const found = await findAgreementForRegistration(app.db, AgreementId, await scopeOf(request));
      if (!found)
        return refuseNotFound(request, AUDIT_OBJECTS.medication_agreement, AgreementId, AUDIT_ACTIONS.create);
      // A supplying pharmacy sees the list but does not administer: only the care centre registers.
      if (found.agreement.entityId !== request.caller!.entityId) throw forbidden();
      const now = new Date();
      const row = await register(app.db, found, request.body, request.caller!.accountId, now);
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.create,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.administration,
        objectId: row.id,
        patientId: row.patientId,
        detail: { Status: row.status, CorrectsId: row.correctsId },
      });
      return reply.code(201).send(toRegistration(row, await loadUsers(app.db, [row.recordedBy]), now));
    },
  );

  app.post(
    '/api/administration/registration/:id/doublecheck',
    {
      schema: {
        tags: ['administration'],
        params: registrationParamsSchema,
        body: doubleCheckBodySchema,
        response: { 200: registrationSchema, ...errors },
      },
      preHandler: app.requirePermission('administration.register'),
    },
    async (request) => {
      const { id } = request.params;
      const caller = request.caller!;
      const [row] = await app.db
        .select()
        .from(t.administrations)
        .where(
          and(
            eq(t.administrations.id, id),
            inPatientScope(await scopeOf(request), t.administrations.entityId, t.administrations.patientId),
          ),
        );
      if (!row) return refuseNotFound(request, AUDIT_OBJECTS.administration, id, AUDIT_ACTIONS.update);
      if (row.entityId !== caller.entityId) throw forbidden();
      switch (doubleCheckRefusal(row, caller.accountId)) {
        case 'not_required':
          throw conflict('Voor deze registratie is geen dubbele controle nodig.');
        case 'already_checked':
          throw conflict('Deze registratie is al gecontroleerd.');
        case 'same_user':
          throw unprocessable(
            'De dubbele controle moet door een andere gebruiker worden gedaan.',
            'DoubleCheckBy',
          );
      }
      const now = new Date();
      // `double_check_by is null` in the update: of two simultaneous checks, exactly one wins.
      const [checked] = await app.db
        .update(t.administrations)
        .set({ doubleCheckBy: caller.accountId, doubleCheckAt: now })
        .where(and(eq(t.administrations.id, id), isNull(t.administrations.doubleCheckBy)))
        .returning();
      if (!checked) throw conflict('Deze registratie is al gecontroleerd.');
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.update,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.administration_double_check,
        objectId: id,
        patientId: checked.patientId,
        detail: request.body.Note ? { Note: request.body.Note } : undefined,
      });
      const [correction] = await app.db
        .select({ id: t.administrations.id })
        .from(t.administrations)
        .where(eq(t.administrations.correctsId, id));
      const users = await loadUsers(app.db, [checked.recordedBy, checked.doubleCheckBy]);
      return toRegistration(checked, users, now, correction?.id ?? null);
    },
  );
};

export default registrationRoutes;
