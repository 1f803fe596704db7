import {
  apiErrorSchema,
  doubleCheckBodySchema,
  registrationBodySchema,
  registrationParamsSchema,
  registrationSchema,
  AUDIT_ACTIONS,
  AUDIT_OBJECTS,
} from '@zorgportaal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  correctionOf,
  findAgreementForRegistration,
  findScopedRegistration,
  markDoubleChecked,
  register,
} from '../queries/index.ts';
import { toRegistration } from '../registration-mapper.ts';
import { loadUsers } from '../queries/users.ts';
import { doubleCheckRefusal, mayRegisterAt } from '../rules.ts';
import { auditCheckedAtDose, markCheckedAtDose, verifyDoubleCheckAtDose } from '../double-check-at-dose.ts';
import { checkTimeWindow, windowSettingsOf } from '../time-window.ts';
import { conflict, forbidden, refuseNotFound, unprocessable } from '../../../platform/errors.ts';
import { scopeOf } from '../../../platform/scope.ts';

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
      if (!mayRegisterAt(request.caller!, found.agreement.entityId)) throw forbidden();
      const now = new Date();
      const window = windowSettingsOf(await app.callerCache.entitySettings(found.agreement.entityId));
      const body = { ...request.body, TimingReason: checkTimeWindow(request.body, window, now) };
      // The colleague's credentials are checked only for a dose that may be registered now.
      const checker = await verifyDoubleCheckAtDose(app, request, found.risks, request.body);
      // A dose double-checked at the bedside is stored and marked together. Otherwise the registration is
      // one INSERT, atomic by itself (the day roll-up's statement triggers run inside it): no BEGIN/COMMIT
      // round trips.
      const row = checker
        ? await app.db.transaction(async (tx) =>
            markCheckedAtDose(
              tx,
              await register(tx, found, body, request.caller!.accountId, now),
              checker,
              now,
            ),
          )
        : await register(app.db, found, body, request.caller!.accountId, now);
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.create,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.administration,
        objectId: row.id,
        patientId: row.patientId,
        // `change` is the Logboek's note on the entry ("eerder gegeven", "later gegeven").
        detail: {
          Status: row.status,
          CorrectsId: row.correctsId,
          DoubleCheckBy: row.doubleCheckBy ?? undefined,
          change: row.timingReason ?? undefined,
        },
      });
      if (checker) await auditCheckedAtDose(app, request, row, checker);
      const users = await loadUsers(app.db, [row.recordedBy, row.doubleCheckBy]);
      return reply.code(201).send(toRegistration(row, users, now));
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
      const row = await findScopedRegistration(app.db, id, await scopeOf(request));
      if (!row) return refuseNotFound(request, AUDIT_OBJECTS.administration, id, AUDIT_ACTIONS.update);
      if (!mayRegisterAt(caller, row.entityId)) throw forbidden();
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
      // Of two simultaneous checks, exactly one wins.
      const checked = await markDoubleChecked(app.db, id, caller.accountId, now);
      if (!checked) throw conflict('Deze registratie is al gecontroleerd.');
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.update,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.administration_double_check,
        objectId: id,
        patientId: checked.patientId,
        detail: request.body.Note ? { Note: request.body.Note } : undefined,
      });
      const correction = await correctionOf(app.db, id);
      const users = await loadUsers(app.db, [checked.recordedBy, checked.doubleCheckBy]);
      return toRegistration(checked, users, now, correction);
    },
  );
};

export default registrationRoutes;
