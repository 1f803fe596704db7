import {
  apiErrorSchema,
  personIdParamSchema,
  personSchema,
  purgeBodySchema,
  screenName,
  trashListQuerySchema,
  trashPageSchema,
  AUDIT_ACTIONS,
  AUDIT_OBJECTS,
} from '@zorgportaal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../platform/scope.ts';
import { refuseNotFound, unprocessable } from '../../platform/errors.ts';
import { restorePerson, toPerson } from '../persons/public.ts';
import { findTrashedPerson, listTrash, purgePerson } from './queries.ts';

const normalise = (name: string): string => name.trim().replace(/\s+/g, ' ');
const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 422: apiErrorSchema };

/** The trash can (Prullenbak): list, restore, and purge after the name was typed. trash.manage. */
const trashRoutes: FastifyPluginAsyncZod = async (app) => {
  const manage = app.requirePermission('trash.manage');

  app.get(
    '/api/trash',
    {
      schema: {
        tags: ['trash'],
        querystring: trashListQuerySchema,
        response: { 200: trashPageSchema, ...errors },
      },
      preHandler: manage,
    },
    async (request) => {
      const page = await listTrash(app.db, callerOf(request).entityId, request.query);
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.read,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.trash_list,
        detail: { q: request.query.q, page: request.query.page, personIds: page.Rows.map((r) => r.PersonId) },
      });
      return page;
    },
  );

  app.post(
    '/api/trash/:personId/restore',
    {
      schema: { tags: ['trash'], params: personIdParamSchema, response: { 200: personSchema, ...errors } },
      preHandler: manage,
    },
    async (request) => {
      const { personId } = request.params;
      const person = await restorePerson(app.db, callerOf(request).entityId, personId);
      if (!person) return refuseNotFound(request, AUDIT_OBJECTS.person, personId);
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.update,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.person,
        objectId: personId,
        detail: { change: 'restore' },
      });
      return toPerson(person);
    },
  );

  app.delete(
    '/api/trash/:personId',
    {
      schema: {
        tags: ['trash'],
        params: personIdParamSchema,
        body: purgeBodySchema,
        response: { 204: z.null(), ...errors },
      },
      preHandler: manage,
    },
    async (request, reply) => {
      const { personId } = request.params;
      const person = await findTrashedPerson(app.db, callerOf(request).entityId, personId);
      if (!person) return refuseNotFound(request, AUDIT_OBJECTS.person, personId);
      const expected = screenName(toPerson(person).NameInformation);
      if (normalise(request.body.ConfirmName) !== normalise(expected))
        throw unprocessable('De getypte naam komt niet overeen met de naam van de persoon.', 'ConfirmName');
      const { accountIds } = await purgePerson(app.db, person);
      for (const accountId of accountIds) await app.callerCache.forgetAccount(accountId);
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.delete,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.person,
        objectId: personId,
        detail: { change: 'purge', accountIds },
      });
      return reply.code(204).send(null);
    },
  );
};

export default trashRoutes;
