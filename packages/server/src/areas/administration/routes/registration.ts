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
import { findAgreementForRegistration } from '../queries/index.ts';
import { checkLater } from '../double-check-later.ts';
import { registerDose, registrationIdentity } from '../register-dose.ts';
import { answerOfWinner, findAnswer, keyedRequest, sendAnswer } from '../../../platform/idempotency.ts';
import { scopeOf } from '../../../platform/scope.ts';

const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema };

/**
 * Registering a dose (or a deviation, or a correction) and the second user's double check. Both take an
 * Idempotency-Key (platform/idempotency.ts): a repeat answers the first answer (`Idempotent-Replayed`),
 * and a failure is answered by a concurrent duplicate's stored answer when one won meanwhile.
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
      // The key's lookup costs no time of its own: it runs beside the agreement's.
      const [stored, found] = await Promise.all([
        keyed && findAnswer(app.db, keyed),
        scopeOf(request).then((scope) =>
          findAgreementForRegistration(app.db, request.body.AgreementId, scope),
        ),
      ]);
      if (stored) return sendAnswer(reply, stored, true);
      try {
        return sendAnswer(reply, await registerDose(app, request, found, keyed), false);
      } catch (failure) {
        return sendAnswer(reply, await answerOfWinner(app.db, keyed, failure), true);
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
        return sendAnswer(reply, await answerOfWinner(app.db, keyed, failure), true);
      }
    },
  );
};

export default registrationRoutes;
