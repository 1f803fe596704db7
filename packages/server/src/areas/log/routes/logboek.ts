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
import type { z } from 'zod';
import { readDbOf } from '../../../platform/read-db.ts';
import { callerOf, entityScope } from '../../../platform/scope.ts';
import { exportRows } from '../queries/export.ts';
import { queryLog } from '../queries/query.ts';
import { responsibleFor } from '../responsible.ts';
import { exportCsv } from '../csv.ts';

/** Rows per batch of the export: a FETCH of its cursor, or a keyset page (PGlite; streams at their cap). */
const EXPORT_BATCH = 2000;

const INT32_MAX = 2_147_483_647;

/**
 * The id filters are 32-bit columns: a larger number must be a 400 naming the field, not a database
 * error (for the export that would come after the 200 status line was sent).
 */
function withInt32Ids<T extends z.ZodType<Partial<Record<'userId' | 'personId' | 'patientId', number>>>>(
  schema: T,
) {
  return schema.superRefine((query, ctx) => {
    for (const field of ['userId', 'personId', 'patientId'] as const) {
      const value = query[field];
      if (value !== undefined && value > INT32_MAX)
        ctx.addIssue({ code: 'custom', path: [field], message: `Mag hoogstens ${INT32_MAX} zijn.` });
    }
  });
}

/** The Logboek (NEN 7513): GET /api/log and GET /api/log/export, log.read. Reading it is logged too. */
const logRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = app.requirePermission('log.read');

  app.get(
    '/api/log',
    {
      schema: {
        tags: ['log'],
        summary:
          "Audit log entries of the organisation and other organisations' access to its clients, newest first (keyset pages)",
        querystring: withInt32Ids(logQuerySchema),
        response: { 200: logPageSchema, 400: apiErrorSchema, 403: apiErrorSchema },
      },
      preHandler: read,
    },
    async (request) => {
      const { cursor, limit, ...filter } = request.query;
      const caller = callerOf(request);
      const visible = await entityScope(app.db, caller.entityId);
      const responsible = responsibleFor(caller, visible);
      const db = readDbOf(request);
      const page = await queryLog(db, caller.entityId, filter, { cursor, limit, visible, responsible });
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
        querystring: withInt32Ids(logExportQuerySchema),
      },
      preHandler: read,
    },
    async (request, reply) => {
      const filter = request.query;
      const caller = callerOf(request);
      const entityId = caller.entityId;
      // The same entries as the screen, masked the same way (queries/export.ts).
      const visible = await entityScope(app.db, entityId);
      // The heavy read on the read replica when there is one (platform/read-db.ts), like the screen's.
      const batches = await exportRows(
        readDbOf(request),
        entityId,
        filter,
        responsibleFor(caller, visible),
        EXPORT_BATCH,
      );
      try {
        // Before the first byte: whatever fails here is still an ordinary error response.
        const first = await batches.next();
        await app.audit.record(request, {
          action: AUDIT_ACTIONS.execute,
          outcome: 'success',
          objectType: AUDIT_OBJECTS.audit_log,
          detail: { filter, format: 'csv' },
        });
        // However the answer ends (done, failed, the client gone), the batches are closed.
        reply.raw.once('close', () => void batches.return().catch(() => {}));
        const onError = (err: unknown) => request.log.error({ err }, 'log export failed after it started');
        const day = new Date().toISOString().slice(0, 10);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="logboek-${day}.csv"`)
          .header('cache-control', 'no-store')
          .send(Readable.from(exportCsv(first.done ? [] : first.value, batches, onError)));
      } catch (err) {
        await batches.return();
        throw err;
      }
    },
  );
};

export default logRoutes;
