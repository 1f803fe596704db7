import {
  accountLinkBodySchema,
  accountSchema,
  apiErrorSchema,
  personIdParamSchema,
  AUDIT_ACTIONS,
  AUDIT_OBJECTS,
} from '@zorgportaal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkAccountRelations, checkUsernameFree, USERNAME_TAKEN } from '../account-body-checks.ts';
import { callerOf } from '../../../platform/scope.ts';
import { conflict, isUniqueViolation, refuseNotFound } from '../../../platform/errors.ts';
import { sendSetPasswordMail } from '../../../platform/access/auth-port.ts';
import { insertAccount } from '../queries/admin.ts';
import { findAccountOfPerson, toAccountView } from '../queries/accounts.ts';
import { findLivePerson } from '../../persons/public.ts';

/**
 * POST /api/account/link/{personId} (spec §7): gives a person an account. The new user receives a
 * link to choose a password; the body cannot carry one (strict schema).
 */
const accountLinkRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/account/link/:personId',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Link a new account to a person and mail a set-password link',
        params: personIdParamSchema,
        body: accountLinkBodySchema,
        response: {
          201: accountSchema,
          400: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
      preHandler: app.requirePermission('accounts.write'),
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { personId } = request.params;
      const person = await findLivePerson(app.db, caller.entityId, personId);
      if (!person) return refuseNotFound(request, AUDIT_OBJECTS.person, personId, AUDIT_ACTIONS.create);
      if (await findAccountOfPerson(app.db, person.id)) throw conflict('Deze persoon heeft al een account.');
      await checkAccountRelations(app, caller, request.body, { roleIds: [], own: false });
      await checkUsernameFree(app, request.body.Username);
      const account = await insertAccount(app.db, caller.entityId, person.id, request.body).catch(
        (err: unknown) => {
          // Two administrators racing for one name: the unique index decides.
          throw isUniqueViolation(err) ? conflict(USERNAME_TAKEN, 'Username') : err;
        },
      );
      const mailSent = await sendSetPasswordMail(app, request, account);
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.create,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.account,
        objectId: account.id,
        detail: { personId: person.id, roleIds: request.body.RoleIds, mailSent },
      });
      return reply.code(201).send(await toAccountView(app.db, account));
    },
  );
};

export default accountLinkRoute;
