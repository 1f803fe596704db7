import {
  apiErrorSchema,
  idParamSchema,
  personBodySchema,
  personSchema,
  AUDIT_ACTIONS,
  AUDIT_OBJECTS,
} from '@zorgportaal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../../platform/scope.ts';
import { refuseNotFound, unprocessable } from '../../../platform/errors.ts';
import { toPerson } from '../mapper.ts';
import { changedFields } from '../../../platform/changed-fields.ts';
import { createPerson, findLivePerson, softDeletePerson, updatePerson } from '../queries/write.ts';

const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 422: apiErrorSchema };

/** POST /api/person, PUT /api/person/{id}, DELETE /api/person/{id} (spec §7), all persons.write. */
const personWriteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/person',
    {
      schema: {
        tags: ['persons'],
        summary: 'Create a person in the caller’s organisation',
        body: personBodySchema,
        response: { 201: personSchema, ...errors },
      },
      preHandler: app.requirePermission('persons.write'),
    },
    async (request, reply) => {
      // The entity comes from the caller, never from the body (mass assignment, security.md).
      const person = await createPerson(app.db, callerOf(request).entityId, request.body);
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.create,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.person,
        objectId: person.id,
      });
      return reply.code(201).send(toPerson(person));
    },
  );

  app.put(
    '/api/person/:id',
    {
      schema: {
        tags: ['persons'],
        summary: 'Change a person',
        params: idParamSchema,
        body: personBodySchema,
        response: { 200: personSchema, ...errors },
      },
      preHandler: app.requirePermission('persons.write'),
    },
    async (request) => {
      const { id } = request.params;
      const entityId = callerOf(request).entityId;
      const before = await findLivePerson(app.db, entityId, id);
      const person = before && (await updatePerson(app.db, entityId, id, request.body));
      if (!before || !person) return refuseNotFound(request, AUDIT_OBJECTS.person, id);
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.update,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.person,
        objectId: id,
        changedFields: changedFields(toPerson(before), toPerson(person)),
      });
      return toPerson(person);
    },
  );

  app.delete(
    '/api/person/:id',
    {
      schema: {
        tags: ['persons'],
        summary: 'Move a person to the trash can (Deleted=true, Active=false, sessions revoked)',
        params: idParamSchema,
        response: { 200: personSchema, ...errors },
      },
      preHandler: app.requirePermission('persons.write'),
    },
    async (request) => {
      const caller = callerOf(request);
      const { id } = request.params;
      if (id === caller.personId) throw unprocessable('U kunt uzelf niet verwijderen.');
      const deleted = await softDeletePerson(app.db, caller.entityId, id, caller.accountId);
      if (!deleted) return refuseNotFound(request, AUDIT_OBJECTS.person, id);
      for (const accountId of deleted.accountIds) await app.callerCache.forgetAccount(accountId);
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.delete,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.person,
        objectId: id,
        detail: { accountsDeactivated: deleted.accountIds },
      });
      return toPerson(deleted.person);
    },
  );
};

export default personWriteRoutes;
