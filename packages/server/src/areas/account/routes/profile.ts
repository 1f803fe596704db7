import {
  apiErrorSchema,
  profileSchema,
  profileUpdateSchema,
  AUDIT_ACTIONS,
  AUDIT_OBJECTS,
} from '@zorgportaal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../../platform/errors.ts';
import { loadProfile, updateProfile } from '../queries.ts';
import { changedFields } from '../../../platform/changed-fields.ts';

/** GET/PUT /api/account/profile: the caller's own name, date of birth and e-mail addresses (Profiel). */
const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const own = async (accountId: number) => {
    const profile = await loadProfile(app.db, accountId);
    // An account without a person (technical accounts) has no profile.
    if (!profile) throw notFound();
    return profile;
  };

  app.get(
    '/api/account/profile',
    {
      schema: {
        tags: ['account'],
        summary: 'Your own profile',
        response: { 200: profileSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const profile = await own(request.caller!.accountId);
      // Person data: reading it is logged like any other read (NEN 7513).
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.read,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.person,
        objectId: profile.PersonId,
        detail: { view: 'profile' },
      });
      return profile;
    },
  );

  app.put(
    '/api/account/profile',
    {
      schema: {
        tags: ['account'],
        summary: 'Change your own name, date of birth and e-mail addresses',
        body: profileUpdateSchema,
        response: { 200: profileSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const caller = request.caller!;
      const before = await own(caller.accountId);
      await updateProfile(app.db, caller.accountId, before.PersonId, request.body);
      const after = await own(caller.accountId);
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.update,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.person,
        objectId: before.PersonId,
        changedFields: changedFields(before, after),
        detail: { view: 'profile' },
      });
      return after;
    },
  );
};

export default profileRoutes;
