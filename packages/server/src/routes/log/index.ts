import { Readable } from 'node:stream';
import {
  apiErrorSchema,
  logExportQuerySchema,
  logPageSchema,
  logQuerySchema,
  AUDIT_ACTIONS,
  AUDIT_OBJECTS,
} from '@zorgportaal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../management/scope.ts';
import { visibleEntityIds } from '../../medication/scope.ts';
import { type LogFilter, queryLog } from '../../repositories/audit-query.ts';
import type { Db } from '../../db/client.ts';
import { csvHeader, csvLine } from './csv.ts';

const EXPORT_BATCH = 2000;

/** The CSV, written batch by batch along the keyset so a large export never sits in memory. */
async function* exportLines(db: Db, entityId: number, filter: LogFilter): AsyncGenerator<string> {
  yield `\uFEFF${csvHeader()}`; // BOM: Excel then reads UTF-8 (names with ë, é).
  let cursor: string | undefined;
  do {
    const page = await queryLog(db, entityId, filter, { cursor, limit: EXPORT_BATCH });
    yield page.rows.map(csvLine).join('');
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}

/** The Logboek (NEN 7513): GET /api/log and GET /api/log/export, log.read. Reading it is logged too. */
const logRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = app.requirePermission('log.read');

  app.get(
    '/api/log',
    {
      schema: {
        tags: ['log'],
        summary: 'Audit log entries of the organisation, newest first (keyset pages)',
        querystring: logQuerySchema,
        response: { 200: logPageSchema, 400: apiErrorSchema, 403: apiErrorSchema },
      },
      preHandler: read,
    },
    async (request) => {
      const { cursor, limit, ...filter } = request.query;
      const caller = callerOf(request);
      const visible = await visibleEntityIds(app.db, caller);
      const page = await queryLog(app.db, caller.entityId, filter, { cursor, limit, visible });
      // Recorded after the query, so the reader's own entry does not shift the page they asked for.
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.read,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.audit_log,
        detail: { filter, limit },
      });
      return { Rows: page.rows, NextCursor: page.nextCursor };
    },
  );

  app.get(
    '/api/log/export',
    {
      schema: {
        tags: ['log'],
        summary: 'The filtered audit log as CSV (the export is itself logged)',
        // No response schema: the body is a CSV stream, which Fastify pipes without serialising.
        querystring: logExportQuerySchema,
      },
      preHandler: read,
    },
    async (request, reply) => {
      const filter = request.query;
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.execute,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.audit_log,
        detail: { filter, format: 'csv' },
      });
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="logboek-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(exportLines(app.db, callerOf(request).entityId, filter)));
    },
  );
};

export default logRoutes;
