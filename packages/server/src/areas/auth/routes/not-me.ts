import {
  apiErrorSchema,
  messageResponseSchema,
  notMeBodySchema,
  AUDIT_ACTIONS,
  AUDIT_OBJECTS,
} from '@zorgportaal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertNotLockedOut, attemptKeys, countFailure } from '../attempt-guard.ts';
import { useNotMeToken } from '../not-me.ts';
import { HttpError } from '../../../platform/errors.ts';
import { findAccountById } from '../../accounts/public.ts';

const linkInvalid = () =>
  new HttpError(
    400,
    'VALIDATION_FAILED',
    'Deze link is ongeldig, al gebruikt of verlopen. Neem contact op met uw beheerder.',
    { Fields: { token: 'De link is ongeldig, al gebruikt of verlopen.' } },
  );

/**
 * POST /api/account/not-me (public): the "dit was ik niet" link of the e-mail-change notice. Ends
 * every session of the account at once, on every instance (as a force logout), and is logged.
 */
const notMeRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/account/not-me',
    {
      schema: {
        tags: ['auth'],
        summary: '"Dit was ik niet": end every session of the account whose e-mail address changed',
        body: notMeBodySchema,
        response: { 200: messageResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => {
      // Tokens have 256 bits, but guessing still costs: failures count per address like reset links.
      const keys = attemptKeys(app, 'reset', request, null);
      await assertNotLockedOut(app, keys);
      const used = await useNotMeToken(app, request.body.token);
      if (!used) {
        await app.audit.record(request, {
          action: AUDIT_ACTIONS.execute,
          outcome: 'failure',
          objectType: AUDIT_OBJECTS.not_me,
          actor: { userId: null, username: null, entityId: null },
          detail: { reason: 'unknown_used_or_expired' },
        });
        throw await countFailure(app, keys, linkInvalid());
      }
      await app.callerCache.forgetAccount(used.accountId);
      const account = await findAccountById(app.db, used.accountId);
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.execute,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.not_me,
        objectId: used.accountId,
        actor: {
          userId: used.accountId,
          username: account?.username ?? null,
          entityId: account?.entityId ?? null,
        },
        detail: { revokedSessions: used.revokedSessions },
      });
      return {
        message:
          'Alle sessies van uw account zijn beëindigd. Neem contact op met uw beheerder om uw e-mailadres en wachtwoord te controleren.',
      };
    },
  );
};

export default notMeRoute;
