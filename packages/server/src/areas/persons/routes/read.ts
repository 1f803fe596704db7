import {
  apiErrorSchema,
  idParamSchema,
  personDetailSchema,
  personListQuerySchema,
  personPageSchema,
  AUDIT_ACTIONS,
  AUDIT_OBJECTS,
} from '@zorgportaal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../../platform/scope.ts';
import { refuseNotFound } from '../../../platform/errors.ts';
import { personAccounts } from '../../../platform/person-accounts.ts';
import { listPersons } from '../queries/list.ts';
import { toPerson } from '../mapper.ts';
import { findLivePerson } from '../queries/write.ts';

/** GET /api/personinfo (the persons screen) and GET /api/person/{id} (the edit form). */
const personReadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/personinfo',
    {
      schema: {
        tags: ['persons'],
        summary: "The organisation's persons: searched, filtered, sorted and paged on the server",
        querystring: personListQuerySchema,
        response: { 200: personPageSchema, 400: apiErrorSchema },
      },
      preHandler: app.requirePermission('persons.read'),
    },
    async (request) => {
      const caller = callerOf(request);
      const page = await listPersons(app.db, caller.entityId, request.query);
      // NEN 7513: a search is a read of the persons it shows; the ids say whom.
      const { page: pageNo, pageSize, ...filters } = request.query;
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.read,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.person_list,
        detail: { filters, page: pageNo, pageSize, personIds: page.Rows.map((r) => r.Id) },
      });
      return page;
    },
  );

  app.get(
    '/api/person/:id',
    {
      schema: {
        tags: ['persons'],
        summary: 'One person with their account',
        params: idParamSchema,
        response: { 200: personDetailSchema, 404: apiErrorSchema },
      },
      preHandler: app.requirePermission('persons.read'),
    },
    async (request) => {
      const caller = callerOf(request);
      const person = await findLivePerson(app.db, caller.entityId, request.params.id);
      if (!person) return refuseNotFound(request, AUDIT_OBJECTS.person, request.params.id);
      const account = await personAccounts().accountOf(app.db, person.id);
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.read,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.person,
        objectId: person.id,
      });
      return { Person: toPerson(person), Account: account };
    },
  );
};

export default personReadRoutes;
