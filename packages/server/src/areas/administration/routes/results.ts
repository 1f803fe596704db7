import {
  apiErrorSchema,
  resultsQuerySchema,
  resultsSchema,
  AUDIT_ACTIONS,
  AUDIT_OBJECTS,
} from '@zorgportaal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { results, resultsCsv } from '../queries/index.ts';
import { scopeOf } from '../../../platform/scope.ts';

/** Resultaten Toedienregistratie: counts and percentages, and the CSV export (logged as E). */
const resultsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/administration/results',
    {
      schema: {
        tags: ['administration'],
        querystring: resultsQuerySchema,
        response: { 200: resultsSchema, 400: apiErrorSchema },
      },
      preHandler: app.requirePermission('administration.read'),
    },
    async (request, reply) => {
      const overview = await results(app.db, request.query, await scopeOf(request));
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.read,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.administration_results,
        patientId: request.query.patientId ?? null,
        detail: { ...request.query },
      });
      reply.header('Cache-Control', 'no-store');
      return overview;
    },
  );

  app.get(
    '/api/administration/results/export',
    {
      schema: {
        tags: ['administration'],
        summary: 'CSV export (text/csv); errors are the usual JSON body',
        querystring: resultsQuerySchema,
      },
      preHandler: app.requirePermission('administration.read'),
    },
    async (request, reply) => {
      const { csv, filter, rowCount } = await resultsCsv(app.db, request.query, await scopeOf(request));
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.execute,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.administration_results_export,
        patientId: request.query.patientId ?? null,
        detail: { ...request.query, rows: rowCount },
      });
      return reply
        .header('Cache-Control', 'no-store')
        .header(
          'Content-Disposition',
          `attachment; filename="toedienregistratie-${filter.from}-${filter.to}.csv"`,
        )
        .type('text/csv; charset=utf-8')
        .send(`\uFEFF${csv}`);
    },
  );
};

export default resultsRoutes;
