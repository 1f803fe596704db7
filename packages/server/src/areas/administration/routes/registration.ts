import {
  apiErrorSchema,
  doubleCheckBodySchema,
  idempotencyHeadersSchema,
  registrationBodySchema,
  registrationConflictSchema,
  registrationParamsSchema,
  registrationSchema,
} from '@zorgportaal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findAgreementForRegistration, MomentTaken } from '../queries/index.ts';
import { loadUsers } from '../queries/users.ts';
import { checkLater } from '../double-check-later.ts';
import { momentTakenConflict, registerDose, registrationIdentity } from '../register-dose.ts';
import { answerAfterFailure, findAnswer, keyedRequest, sendAnswer } from '../../../platform/idempotency.ts';
import { scopeOf } from '../../../platform/scope.ts';

const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema };

/**
 * Registering a dose (or a deviation, or a correction) and the second user's double check. Both take an
 * Idempotency-Key (platform/idempotency.ts): a repeat gets the first answer (`Idempotent-Replayed`). The
 * registration looks the key up only when it failed (a copy fails on the key or the moment, or on a check
 * that its first already passed) or when a check with a side effect would run again; the double check
 * looks it up first, then when it failed.
 */
const registrationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/administration/registration',
    {
      schema: {
        tags: ['administration'],
        headers: idempotencyHeadersSchema,
        body: registrationBodySchema,
        response: { 201: registrationSchema, ...errors, 409: registrationConflictSchema },
      },
      preHandler: app.requirePermission('administration.register'),
    },
    async (request, reply) => {
      const keyed = keyedRequest(request, registrationIdentity(request.body));
      const [found, users, early] = await Promise.all([
        scopeOf(request).then((scope) =>
          findAgreementForRegistration(
            app.db,
            request.body.AgreementId,
            scope,
            request.body.ScheduledAt === null ? null : new Date(request.body.ScheduledAt),
          ),
        ),
        // A keyed answer is stored in the registration's own statement, so it is made beforehand.
        keyed && loadUsers(app.db, [request.caller!.accountId]),
        // A repeat must not verify the colleague's credentials (and claim their code) again.
        keyed && request.body.DoubleCheck && findAnswer(app.db, keyed),
      ]);
      // Nor log a refusal for an agreement out of reach now: its first answer stands.
      const stored = early || (keyed && !found ? await findAnswer(app.db, keyed) : null);
      if (stored) return sendAnswer(reply, stored, true);
      try {
        const answer = await registerDose(app, request, found, keyed && users ? { keyed, users } : null);
        return sendAnswer(reply, answer, false);
      } catch (failure) {
        const winner = await answerAfterFailure(app.db, keyed);
        if (winner) return sendAnswer(reply, winner, true);
        throw failure instanceof MomentTaken
          ? await momentTakenConflict(app.db, failure, new Date())
          : failure;
      }
    },
  );

  app.post(
    '/api/administration/registration/:id/doublecheck',
    {
      schema: {
        tags: ['administration'],
        headers: idempotencyHeadersSchema,
        params: registrationParamsSchema,
        body: doubleCheckBodySchema,
        response: { 200: registrationSchema, ...errors },
      },
      preHandler: app.requirePermission('administration.register'),
    },
    async (request, reply) => {
      const keyed = keyedRequest(request, request.body);
      const stored = keyed && (await findAnswer(app.db, keyed));
      if (stored) return sendAnswer(reply, stored, true);
      try {
        return sendAnswer(reply, await checkLater(app, request, keyed), false);
      } catch (failure) {
        const winner = await answerAfterFailure(app.db, keyed);
        if (winner) return sendAnswer(reply, winner, true);
        throw failure;
      }
    },
  );
};

export default registrationRoutes;
