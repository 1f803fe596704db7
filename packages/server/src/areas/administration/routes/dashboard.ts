import { administrationDashboardSchema, dashboardQuerySchema, AUDIT_OBJECTS } from '@zorgportaal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { buildDashboard, dayListVersion } from '../queries/index.ts';
import { clockTurns, currentTag, listTag, notModified, REVALIDATE, validUntil } from '../list-etag.ts';
import { localDate } from '../../../platform/time.ts';
import { callerDepartments } from '../../medication/public.ts';
import { scopeOf } from '../../../platform/scope.ts';

/** GET /api/administration/dashboard: today's progress per department, open checks, missing consents. */
const dashboardRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/administration/dashboard',
    {
      schema: {
        tags: ['administration'],
        querystring: dashboardQuerySchema,
        response: { 200: administrationDashboardSchema },
      },
      preHandler: app.requirePermission('administration.read'),
    },
    async (request, reply) => {
      const scope = await scopeOf(request);
      const now = new Date();
      const date = request.query.date ?? localDate(now);
      const departments = await callerDepartments(request);
      const ids = departments.map((d) => d.Id);
      // Department names and organisations are part of the answer too.
      const version = `${JSON.stringify(departments)}|${await dayListVersion(app.db, ids, date, scope)}`;
      const { accountId } = request.caller!;
      const known = currentTag(request, app.config.secretKey, version, accountId, now);
      if (known) return notModified(reply, known);
      const { dashboard, moments } = await buildDashboard(app.db, departments, scope, date, now);
      // One entry per view, linking the clients it names; the dashboard's refresh adds nothing.
      await app.audit.recordView(request, {
        objectType: AUDIT_OBJECTS.administration_dashboard,
        view: { date },
        relatedPatientIds: dashboard.PatientsWithoutConsent.map((p) => p.PatientId),
      });
      reply
        .header('Cache-Control', REVALIDATE)
        .header(
          'ETag',
          listTag(app.config.secretKey, version, accountId, validUntil(clockTurns(moments), now)),
        );
      return dashboard;
    },
  );
};

export default dashboardRoute;
