import {
  departmentListSchema,
  medicationListSchema,
  medicationSearchQuerySchema,
} from '@zorgportaal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchCatalogue } from '../queries/catalogue.ts';
import { callerDepartments } from '../departments.ts';

/** The medication catalogue (not patient data, so not logged) and the departments the caller may pick. */
const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/medication/catalogue',
    {
      schema: {
        tags: ['medication'],
        querystring: medicationSearchQuerySchema,
        response: { 200: medicationListSchema },
      },
      preHandler: app.requirePermission('medication.read'),
    },
    async (request) => ({ Rows: await searchCatalogue(app.db, request.query) }),
  );

  app.get(
    '/api/medication/departments',
    {
      schema: { tags: ['medication'], response: { 200: departmentListSchema } },
      preHandler: app.requirePermission('medication.read'),
    },
    async (request) => ({
      Rows: [...(await callerDepartments(request))],
    }),
  );
};

export default catalogueRoutes;
