import { administrationDashboardSchema, dashboardQuerySchema, AUDIT_OBJECTS } from '@zorgportaal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { buildDashboard } from '../../administration/dashboard.ts';
import { localDate } from '../../administration/time-zone.ts';
import { visibleDepartments } from '../../medication/departments.ts';
import { scopeOf } from '../../medication/scope.ts';

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
      const departments = await visibleDepartments(app.db, scope, request.caller!.entityId);
      const dashboard = await buildDashboard(app.db, departments, scope, date, now);
      // One entry per view, linking the clients it names; the dashboard's refresh adds nothing.
      await app.audit.recordView(request, {
        objectType: AUDIT_OBJECTS.administration_dashboard,
        view: { date },
        relatedPatientIds: dashboard.PatientsWithoutConsent.map((p) => p.PatientId),
      });
      reply.header('Cache-Control', 'no-store');
      return dashboard;
    },
  );
};

export default dashboardRoute;
