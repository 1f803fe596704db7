import { apiErrorSchema, scanCheckAnswerSchema, scanCheckBodySchema } from '@zorgportaal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { scopeOf } from '../../../platform/scope.ts';
import { checkScan } from '../scan-check.ts';

const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 422: apiErrorSchema };

/**
 * The bedside scan check before registering (docs/scanning.md). It answers which checks passed; a failed
 * check is an answer (200, Passed false), not an error: the nurse sees why and may still register a
 * deviation. Errors are for what cannot be checked at all: an unreadable code, a moment that is no moment.
 */
const scanRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/administration/scan-check',
    {
      schema: {
        tags: ['administration'],
        body: scanCheckBodySchema,
        response: { 200: scanCheckAnswerSchema, ...errors },
      },
      preHandler: app.requirePermission('administration.register'),
    },
    async (request) => checkScan(app, request, request.body, await scopeOf(request)),
  );
};

export default scanRoutes;
