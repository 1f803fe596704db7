import { AUDIT_OBJECTS, trombosisDashboardSchema, trombosisPatientListSchema } from '@zorgportaal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readDbOf } from '../../../platform/read-db.ts';
import { patientOverview, trombosisDashboard } from '../overview.ts';
import { requireTrombosisRead, trombosisScopeOf } from '../scope.ts';

/** The patient overview and the trombosis dashboard. */
const trombosisDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/trombosis/patients',
    {
      schema: {
        tags: ['trombosis'],
        summary: 'The patients the caller may see, with target range, last INR and next check',
        response: { 200: trombosisPatientListSchema },
      },
      preHandler: requireTrombosisRead,
    },
    async (request) => {
      const scope = await trombosisScopeOf(request);
      const rows = await patientOverview(app.db, scope.read, new Date());
      await app.audit.recordView(request, {
        objectType: AUDIT_OBJECTS.trombosis_patients,
        view: {},
        relatedPatientIds: rows.map((r) => r.Id),
      });
      return { Rows: rows, CanWrite: scope.write.length > 0 };
    },
  );

  app.get(
    '/api/trombosis/dashboard',
    {
      schema: {
        tags: ['trombosis'],
        summary: 'Checks due and overdue, critical values of the last 7 days, TTR over 6 months',
        response: { 200: trombosisDashboardSchema },
      },
      preHandler: requireTrombosisRead,
    },
    async (request) => {
      const scope = await trombosisScopeOf(request);
      const dashboard = await trombosisDashboard(readDbOf(request), scope.read, new Date());
      await app.audit.recordView(request, {
        objectType: AUDIT_OBJECTS.trombosis_dashboard,
        view: { day: dashboard.Today },
        relatedPatientIds: [
          ...new Set([
            ...dashboard.DueToday.map((p) => p.Id),
            ...dashboard.Overdue.map((p) => p.Id),
            ...dashboard.Critical.map((c) => c.PatientId),
            ...dashboard.Ttr.Rows.map((r) => r.PatientId),
            ...dashboard.Mismatches.map((m) => m.PatientId),
          ]),
        ],
      });
      return dashboard;
    },
  );
};

export default trombosisDashboardRoutes;
