import { apiErrorSchema, flowchartQuerySchema, flowchartSchema, AUDIT_OBJECTS } from '@zorgportaal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { localDate } from '../../../platform/time.ts';
import { pickDepartment } from '../../medication/public.ts';
import { buildFlowchart } from '../queries/flowchart.ts';
import { refuseNotFound } from '../../../platform/errors.ts';

/** GET /api/medication/flowchart: counts per process step (Stroomdiagram); aggregates only, so not per patient. */
const flowchartRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/medication/flowchart',
    {
      schema: {
        tags: ['medication'],
        querystring: flowchartQuerySchema,
        response: { 200: flowchartSchema, 404: apiErrorSchema },
      },
      preHandler: app.requirePermission('medication.read'),
    },
    async (request) => {
      const { departmentId, date } = request.query;
      const department = await pickDepartment(request, departmentId);
      if (!department) return refuseNotFound(request, AUDIT_OBJECTS.department, departmentId ?? 'default');
      const now = new Date();
      return buildFlowchart(app.db, department, date ?? localDate(now), now);
    },
  );
};

export default flowchartRoute;
