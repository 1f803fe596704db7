import {
  apiErrorSchema,
  profileSchema,
  profileUpdateSchema,
  AUDIT_ACTIONS,
  AUDIT_OBJECTS,
} from '@zorgportaal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound, unauthorized } from '../../../platform/errors.ts';
import { findAccountById } from '../../accounts/public.ts';
import { assertStepUp, emailChangedMail, issueNotMeToken } from '../../auth/public.ts';
import { loadProfile, updateProfile } from '../queries.ts';
import { changedFields } from '../../../platform/changed-fields.ts';
import { callerOf } from '../../../platform/scope.ts';

/** The same set of addresses, compared as the forgotten-password lookup does (trimmed, case-insensitive). */
const sameAddresses = (a: string[], b: string[]) => {
  const norm = (list: string[]) => [...new Set(list.map((e) => e.trim().toLowerCase()))].sort().join('\n');
  return norm(a) === norm(b);
};

/** GET/PUT /api/account/profile: the caller's own name, date of birth and e-mail addresses (Profiel). */
const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const own = async (accountId: number) => {
    const profile = await loadProfile(app.db, accountId);
    // An account without a person (technical accounts) has no profile.
    if (!profile) throw notFound();
    return profile;
  };

  /**
   * Every previous address gets a notice with a "dit was ik niet" link (security.md "Step-up"): the
   * owner learns of the change even when it was not them, and can end every session. Sent after
   * answering, so a slow SMTP server does not hold up the save.
   */
  const noticeToPreviousAddresses = async (
    accountId: number,
    username: string,
    before: { EmailAddress: string[] },
    after: { EmailAddress: string[] },
  ) => {
    if (before.EmailAddress.length === 0) return;
    const token = await issueNotMeToken(app, accountId);
    for (const to of before.EmailAddress)
      void app.mailer
        .send(emailChangedMail(app, to, username, after.EmailAddress, token))
        .catch((err: unknown) => app.log.error({ err, accountId }, 'e-mail change notice failed'));
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
      const profile = await own(callerOf(request).accountId);
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
        summary:
          'Change your own name, date of birth and e-mail addresses (an address change needs current_password, and totp with 2FA)',
        body: profileUpdateSchema,
        response: {
          200: profileSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
          422: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const before = await own(caller.accountId);
      const emailChange = !sameAddresses(before.EmailAddress, request.body.EmailAddress);
      const account = emailChange ? await findAccountById(app.db, caller.accountId) : undefined;
      if (emailChange) {
        if (!account) throw unauthorized();
        // Step-up: the addresses are where a forgotten-password link goes, so a token alone may not move them.
        await assertStepUp(app, request, account, request.body, {
          objectType: AUDIT_OBJECTS.person,
          objectId: before.PersonId,
        });
      }
      await updateProfile(app.db, caller.accountId, before.PersonId, request.body);
      const after = await own(caller.accountId);
      if (account) await noticeToPreviousAddresses(account.id, account.username, before, after);
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.update,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.person,
        objectId: before.PersonId,
        changedFields: changedFields(before, after),
        detail: { view: 'profile', ...(account ? { emailChangeNotice: before.EmailAddress.length } : {}) },
      });
      return after;
    },
  );
};

export default profileRoutes;
