import {
  AUDIT_ACTIONS,
  AUDIT_OBJECTS,
  apiErrorSchema,
  idParamSchema,
  integrationReportDetailSchema,
  integrationReportListSchema,
} from '@zorgportaal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError, refuseNotFound } from '../../platform/errors.ts';
import { toReport, toReportDetail } from './mapper.ts';
import { activeMijnCaressIntegration, findIntegration, findReport, listReports } from './queries/index.ts';
import { runMijnCaressSync } from './sync.ts';

const BASE = '/api/management/settings';
const tags = ['management'];
const errors = { 400: apiErrorSchema, 404: apiErrorSchema };
const NO_INTEGRATION = 'Er is geen actieve MijnCaress-koppeling voor uw organisatie.';

/** The patients a report names: its read links them all in one audit entry. */
const patientIdsOf = (lines: { patientId: number | null }[]) =>
  lines.map((l) => l.patientId).filter((id): id is number => id !== null);

/** Reports of runs, and the MijnCaress sync itself (spec §7: GET /api/mijncaress/sync). */
const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const manage = app.requirePermission('settings.manage');

  app.get(
    `${BASE}/integration/:id/reports`,
    {
      schema: { tags, params: idParamSchema, response: { 200: integrationReportListSchema, ...errors } },
      preHandler: manage,
    },
    async (request) => {
      const { id } = request.params;
      const entityId = request.caller!.entityId;
      if (!(await findIntegration(app.db, entityId, id)))
        return refuseNotFound(request, AUDIT_OBJECTS.integration, id, AUDIT_ACTIONS.read);
      return { Rows: (await listReports(app.db, entityId, id)).map(toReport) };
    },
  );

  app.get(
    `${BASE}/integration/report/:id`,
    {
      schema: { tags, params: idParamSchema, response: { 200: integrationReportDetailSchema, ...errors } },
      preHandler: manage,
    },
    async (request) => {
      const { id } = request.params;
      const found = await findReport(app.db, request.caller!.entityId, id);
      if (!found) return refuseNotFound(request, AUDIT_OBJECTS.integration_report, id, AUDIT_ACTIONS.read);
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.read,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.integration_report,
        objectId: id,
        relatedPatientIds: patientIdsOf(found.lines),
      });
      return toReportDetail(found.report, found.lines);
    },
  );

  app.get(
    '/api/mijncaress/sync',
    {
      schema: {
        tags,
        summary: "Runs the organisation's active MijnCaress integration and returns its report",
        response: { 200: integrationReportDetailSchema, ...errors },
      },
      preHandler: manage,
    },
    async (request) => {
      const caller = request.caller!;
      const integration = await activeMijnCaressIntegration(app.db, caller.entityId);
      if (!integration) throw new HttpError(404, 'NOT_FOUND', NO_INTEGRATION);
      const { reportId, changes } = await runMijnCaressSync(app.db, integration, {
        secretKey: app.config.secretKey,
        allowedHosts: app.config.integrationHosts ?? [],
        accountId: caller.accountId,
        accountName: caller.username,
      });
      const found = (await findReport(app.db, caller.entityId, reportId))!;
      // The run (one entry, counts and every client it touched), then one entry per created or changed client.
      await app.audit.recordMany(request, [
        {
          action: AUDIT_ACTIONS.execute,
          outcome: found.report.outcome === 'failure' ? 'failure' : 'success',
          objectType: AUDIT_OBJECTS.integration_sync,
          objectId: integration.id,
          relatedPatientIds: patientIdsOf(found.lines),
          detail: {
            report: reportId,
            created: found.report.created,
            updated: found.report.updated,
            unchanged: found.report.unchanged,
            refused: found.report.refused,
          },
        },
        ...changes.map((change) => ({
          action: change.action === 'created' ? AUDIT_ACTIONS.create : AUDIT_ACTIONS.update,
          outcome: 'success' as const,
          objectType: AUDIT_OBJECTS.patient,
          objectId: change.patientId,
          patientId: change.patientId,
          ...(change.action === 'updated' ? { changedFields: change.changedFields } : {}),
          detail: { integration: integration.id, report: reportId },
        })),
      ]);
      return toReportDetail(found.report, found.lines);
    },
  );
};

export default reportRoutes;
