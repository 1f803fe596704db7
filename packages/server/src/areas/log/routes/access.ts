import { Readable } from 'node:stream';
import {
  accessExportQuerySchema,
  accessOverviewQuerySchema,
  accessOverviewSchema,
  apiErrorSchema,
  AUDIT_ACTIONS,
  AUDIT_OBJECTS,
  idSchema,
} from '@zorgportaal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findEntity } from '../../../platform/entities.ts';
import { refuseNotFound } from '../../../platform/errors.ts';
import { readDbOf } from '../../../platform/read-db.ts';
import { callerOf } from '../../../platform/scope.ts';
import { localDate } from '../../../platform/time.ts';
import { accessCsv, type AccessHeader, followPages } from '../access-document.ts';
import { accessPdf } from '../access-pdf.ts';
import { type AccessPeriod, findAccessSubject, queryAccess } from '../queries/access.ts';

const EXPORT_BATCH = 500;
const params = z.object({ patientId: idSchema });
const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/**
 * "Wie heeft dit dossier ingezien" (Wabvpz): the client's right to an overview of every access to their
 * record. Only the care centre responsible for the client (its own organisation) may make it; for anyone
 * else the client does not exist (404 with a refused entry, never a hint). The screen, the PDF and the CSV
 * read the same query; each request is itself logged on the client.
 */
const accessRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = app.requirePermission('log.read');

  /** The client and the care centre's policy, or the refusal. */
  async function subjectOf(request: FastifyRequest, patientId: number) {
    const entityId = callerOf(request).entityId;
    const subject = await findAccessSubject(app.db, patientId, entityId);
    if (!subject) return refuseNotFound(request, AUDIT_OBJECTS.patient, patientId, AUDIT_ACTIONS.read);
    const entity = await findEntity(app.db, entityId);
    const staffNames = entity?.settings.AccessOverviewStaffNames === true;
    return { subject, staffNames, careCentre: entity?.name ?? '' };
  }

  /** The request itself is an access to the client's data: the screen a read, a file an export. */
  const logRequest = (
    request: FastifyRequest,
    patientId: number,
    action: typeof AUDIT_ACTIONS.read | typeof AUDIT_ACTIONS.execute,
    detail: Record<string, unknown>,
  ) =>
    app.audit.record(request, {
      action,
      outcome: 'success',
      objectType: AUDIT_OBJECTS.patient_access_overview,
      objectId: patientId,
      patientId,
      detail,
    });

  app.get(
    '/api/log/patients/:patientId/access',
    {
      schema: {
        tags: ['log'],
        summary:
          "Every organisation's access to a client's record, newest first (the responsible care centre)",
        params,
        querystring: accessOverviewQuerySchema,
        response: { 200: accessOverviewSchema, ...errors },
      },
      preHandler: read,
    },
    async (request) => {
      const { patientId } = request.params;
      const { cursor, limit, ...period } = request.query;
      const { subject, staffNames, careCentre } = await subjectOf(request, patientId);
      const page = await queryAccess(readDbOf(request), subject, period, { cursor, limit, staffNames });
      // After the query, so this request's own entry does not shift the page it asked for.
      await logRequest(request, patientId, AUDIT_ACTIONS.read, { ...period, cursor: cursor ?? null });
      return {
        Patient: { Id: subject.patientId, Name: subject.name, DateOfBirth: subject.dateOfBirth },
        EntityName: careCentre,
        StaffNames: staffNames,
        Rows: page.rows,
        NextCursor: page.nextCursor,
      };
    },
  );

  /** The PDF or CSV: the first page is read before the answer starts, so a failure is still a JSON error. */
  async function exportAccess(
    request: FastifyRequest,
    reply: FastifyReply,
    patientId: number,
    period: AccessPeriod,
    format: 'pdf' | 'csv',
  ) {
    const { subject, staffNames, careCentre } = await subjectOf(request, patientId);
    const fetchPage = (cursor?: string) =>
      queryAccess(readDbOf(request), subject, period, { cursor, limit: EXPORT_BATCH, staffNames });
    const first = await fetchPage();
    await logRequest(request, patientId, AUDIT_ACTIONS.execute, { ...period, format });
    const pages = followPages(first, fetchPage);
    const onError = (err: unknown) => request.log.error({ err }, 'access overview failed after it started');
    const madeOn = localDate(new Date());
    const file = `inzage-dossier-${patientId}-${madeOn}.${format}`;
    reply.header('content-disposition', `attachment; filename="${file}"`).header('cache-control', 'no-store');
    if (format === 'csv')
      return reply.type('text/csv; charset=utf-8').send(Readable.from(accessCsv(pages, staffNames, onError)));
    const header: AccessHeader = {
      clientName: subject.name,
      dateOfBirth: subject.dateOfBirth,
      careCentre,
      ...period,
      staffNames,
      madeOn,
    };
    return reply.type('application/pdf').send(accessPdf(header, pages, onError));
  }

  for (const format of ['pdf', 'csv'] as const)
    app.get(
      `/api/log/patients/:patientId/access/${format}`,
      {
        schema: {
          tags: ['log'],
          summary: `The client's access overview as ${format.toUpperCase()}, to hand to the client (logged)`,
          // No response schema for 200: the body is a file stream.
          params,
          querystring: accessExportQuerySchema,
          response: errors,
        },
        preHandler: read,
      },
      async (request, reply) => exportAccess(request, reply, request.params.patientId, request.query, format),
    );
};

export default accessRoutes;
