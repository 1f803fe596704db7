import {
  AUDIT_ACTIONS,
  AUDIT_OBJECTS,
  apiErrorSchema,
  idParamSchema,
  integrationReportDetailSchema,
  integrationReportListSchema,
  RUNNABLE_INTEGRATION_TYPES,
} from '@zorgportaal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conflict, HttpError, refuseNotFound } from '../../platform/errors.ts';
import { toReport, toReportDetail } from './mapper.ts';
import { activeMijnCaressIntegration, findIntegration, findReport, listReports } from './queries/index.ts';
import { runIntegration } from './run.ts';

const BASE = '/api/management/settings';
const tags = ['management'];
const errors = { 400: apiErrorSchema, 404: apiErrorSchema };
const NO_INTEGRATION = 'Er is geen actieve MijnCaress-koppeling voor uw organisatie.';
const NOT_RUNNABLE = 'Deze soort koppeling kan (nog) niet worden uitgevoerd.';
const INACTIVE = 'Deze koppeling staat uit; zet haar eerst aan.';

/** The patients a report names: its read links them all in one audit entry. */
const patientIdsOf = (lines: { patientId: number | null }[]) =>
  lines.map((l) => l.patientId).filter((id): id is number => id !== null);

/** Reports of runs, the MijnCaress sync itself (spec §7: GET /api/mijncaress/sync), and a run of any runnable one. */
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
      const entityId = request.caller!.entityId;
      const integration = await activeMijnCaressIntegration(app.db, entityId);
      if (!integration) throw new HttpError(404, 'NOT_FOUND', NO_INTEGRATION);
      const reportId = await runIntegration(app, integration, { request });
      const found = (await findReport(app.db, entityId, reportId))!;
      return toReportDetail(found.report, found.lines);
    },
  );

  app.post(
    `${BASE}/integration/:id/run`,
    {
      schema: {
        tags,
        summary: "Runs one of the organisation's integrations now (mijncaress or mp9) and returns its report",
        params: idParamSchema,
        response: { 200: integrationReportDetailSchema, ...errors, 409: apiErrorSchema },
      },
      preHandler: manage,
    },
    async (request) => {
      const { id } = request.params;
      const entityId = request.caller!.entityId;
      const integration = await findIntegration(app.db, entityId, id);
      if (!integration) return refuseNotFound(request, AUDIT_OBJECTS.integration, id, AUDIT_ACTIONS.execute);
      if (!(RUNNABLE_INTEGRATION_TYPES as readonly string[]).includes(integration.type))
        throw conflict(NOT_RUNNABLE);
      if (!integration.active) throw conflict(INACTIVE);
      const reportId = await runIntegration(app, integration, { request });
      const found = (await findReport(app.db, entityId, reportId))!;
      return toReportDetail(found.report, found.lines);
    },
  );
};

export default reportRoutes;
