import {
  apiErrorSchema,
  AUDIT_OBJECTS,
  MEDICATION_DASHBOARD_LISTS,
  MEDICATION_DASHBOARD_MAX_ROWS,
  medicationDashboardListQuerySchema,
  medicationDashboardListSchema,
  medicationDashboardSchema,
} from '@zorgportaal/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readDbOf } from '../../platform/read-db.ts';
import { scopeOf } from '../../platform/scope.ts';
import { localDate } from '../../platform/time.ts';
import { DASHBOARD_LISTS, type DashboardContext } from './queries/index.ts';
import { weekOf } from './week.ts';

const tags = ['medication'];

/** The caller's scope (own clients, the care centres a pharmacy supplies) at this moment. */
async function contextOf(request: FastifyRequest): Promise<DashboardContext> {
  const now = new Date();
  return { scope: await scopeOf(request), week: weekOf(now), now, today: localDate(now) };
}

/**
 * The Medicatiedashboard: this week's agreement changes, unsigned agreements, interim changes on Baxter rolls,
 * clients without consent and with allergies. The figures and each list come from the same query per list.
 */
const medicationDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = app.requirePermission('medication.read');

  app.get(
    '/api/medication/dashboard',
    {
      schema: {
        tags,
        summary: "One figure per list of the Medicatiedashboard, in the caller's scope",
        response: { 200: medicationDashboardSchema },
      },
      preHandler: read,
    },
    async (request) => {
      const ctx = await contextOf(request);
      const db = readDbOf(request);
      const Figures = [];
      for (const List of MEDICATION_DASHBOARD_LISTS)
        Figures.push({ List, Count: await DASHBOARD_LISTS[List].count(db, ctx) });
      // The figures name no client; the view is logged like the other dashboards (one entry per view).
      await app.audit.recordView(request, {
        objectType: AUDIT_OBJECTS.medication_dashboard,
        view: { week: ctx.week.monday },
        relatedPatientIds: [],
      });
      return { WeekStart: ctx.week.monday, WeekEnd: ctx.week.sunday, Figures };
    },
  );

  app.get(
    '/api/medication/dashboard/list',
    {
      schema: {
        tags,
        summary: 'The list behind one figure of the Medicatiedashboard',
        querystring: medicationDashboardListQuerySchema,
        response: { 200: medicationDashboardListSchema, 400: apiErrorSchema },
      },
      preHandler: read,
    },
    async (request) => {
      const ctx = await contextOf(request);
      const { list } = request.query;
      const db = readDbOf(request);
      const Total = await DASHBOARD_LISTS[list].count(db, ctx);
      const Rows = await DASHBOARD_LISTS[list].rows(db, ctx, MEDICATION_DASHBOARD_MAX_ROWS);
      // NEN 7513: one entry for the view that links every client shown.
      await app.audit.recordView(request, {
        objectType: AUDIT_OBJECTS.medication_dashboard,
        view: { week: ctx.week.monday, list },
        relatedPatientIds: [...new Set(Rows.map((r) => r.PatientId))],
      });
      return { WeekStart: ctx.week.monday, WeekEnd: ctx.week.sunday, List: list, Total, Rows };
    },
  );
};

export default medicationDashboardRoutes;
