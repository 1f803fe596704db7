import {
  apiErrorSchema,
  forgotPasswordFormSchema,
  messageResponseSchema,
  AUDIT_ACTIONS,
  AUDIT_OBJECTS,
} from '@zorgportaal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertNotLockedOut, attemptKeys } from '../attempt-guard.ts';
import { activeAccountsByEmail, issueResetToken, resetMail } from '../password-reset-mail.ts';
import type { AuditEvent } from '../../../platform/audit.ts';

/** The one answer, whether or not the address belongs to an account (ASVS 6.4.1: no enumeration). */
export const FORGOT_PASSWORD_MESSAGE =
  'Als dit e-mailadres bij een account hoort, ontvangt u binnen enkele minuten een e-mail met een link om een nieuw wachtwoord te kiezen.';

/** POST /api/auth/forgotpassword (spec §7, form: email). Public (auth hook allow-list). */
const forgotPasswordRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/auth/forgotpassword',
    {
      schema: {
        tags: ['auth'],
        summary: 'Mail a link to choose a new password',
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: forgotPasswordFormSchema,
        response: { 200: messageResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => {
      const email = request.body.email.trim().toLowerCase();
      // Every request sends mail, so every request counts: no mail bombing of one address or from one IP.
      const keys = attemptKeys(app, 'forgot', request, email);
      await assertNotLockedOut(app, keys);
      await app.attemptLimiter.fail(keys.all);
      const found = await activeAccountsByEmail(app, email);
      const requested: AuditEvent[] = [];
      try {
        for (const account of found) {
          const token = await issueResetToken(app, account.id);
          // Sent after answering: an SMTP round trip would otherwise tell by its time that the address exists.
          void app.mailer
            .send(resetMail(app, email, account.username, token))
            .catch((err: unknown) => request.log.error({ err, accountId: account.id }, 'reset mail failed'));
          requested.push({
            action: AUDIT_ACTIONS.execute,
            outcome: 'success',
            objectType: AUDIT_OBJECTS.password_reset_request,
            objectId: account.id,
            actor: { userId: account.id, username: account.username, entityId: account.entityId },
            detail: { delivered: app.mailer.delivers },
          });
        }
      } finally {
        // One INSERT for all accounts; also when a later token fails, every mail already sent is logged.
        await app.audit.recordMany(request, requested);
      }
      if (found.length === 0) {
        await app.audit.record(request, {
          action: AUDIT_ACTIONS.execute,
          outcome: 'failure',
          objectType: AUDIT_OBJECTS.password_reset_request,
          actor: { userId: null, username: null, entityId: null },
          detail: { reason: 'no_active_account' },
        });
      }
      return { message: FORGOT_PASSWORD_MESSAGE };
    },
  );
};

export default forgotPasswordRoute;
