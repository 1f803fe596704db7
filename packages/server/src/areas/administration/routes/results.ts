import {
  apiErrorSchema,
  resultsQuerySchema,
  resultsSchema,
  AUDIT_ACTIONS,
  AUDIT_OBJECTS,
} from '@zorgportaal/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { results, resultsCsv } from '../queries/index.ts';
import { refuseNotFound } from '../../../platform/errors.ts';
import { readDbOf } from '../../../platform/read-db.ts';
import { scopeOf, type Scope } from '../../../platform/scope.ts';
import { findPatient } from '../../medication/public.ts';
import { scanningOf } from '../scan-share.ts';

/**
 * A `patientId` filter naming a client outside the caller's scope is 404 with a refused audit entry — not an
 * empty result logged as a successful read of another organisation's client.
 */
async function refuseForeignPatient(request: FastifyRequest, patientId: number | undefined, scope: Scope) {
  if (patientId === undefined) return;
  if (!(await findPatient(request.server.db, patientId, scope)))
    await refuseNotFound(request, AUDIT_OBJECTS.patient, patientId, AUDIT_ACTIONS.read);
}

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
      const scope = await scopeOf(request);
      await refuseForeignPatient(request, request.query.patientId, scope);
      const db = readDbOf(request);
      const [overview, scanning] = await Promise.all([
        results(db, request.query, scope),
        scanningOf(db, request.query, scope),
      ]);
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.read,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.administration_results,
        patientId: request.query.patientId ?? null,
        detail: { ...request.query },
      });
      reply.header('Cache-Control', 'no-store');
      return { ...overview, Scanning: scanning };
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
      const scope = await scopeOf(request);
      await refuseForeignPatient(request, request.query.patientId, scope);
      const { csv, filter, rowCount } = await resultsCsv(readDbOf(request), request.query, scope);
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
