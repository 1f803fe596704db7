import {
  apiErrorSchema,
  forgotPasswordFormSchema,
  messageResponseSchema,
  AUDIT_ACTIONS,
  AUDIT_OBJECTS,
} from '@zorgportaal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertNotLockedOut, attemptKeys } from '../attempt-guard.ts';
import { activeAccountsByEmail, resetMail } from '../password-reset-mail.ts';
import { storeResetTokens } from '../queries/index.ts';
import { newResetToken } from '../reset-token.ts';

/** The one answer, whether or not the address belongs to an account (ASVS 6.4.1: no enumeration). */
export const FORGOT_PASSWORD_MESSAGE =
  'Als dit e-mailadres bij een account hoort, ontvangt u binnen enkele minuten een e-mail met een link om een nieuw wachtwoord te kiezen.';

/** The name in a decoy mail (rendered for an unknown address, never sent). */
const DECOY_USERNAME = 'gebruiker';

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
      // The same steps whether or not the address is known, so the time of the answer does not tell: an
      // unknown address gets a decoy (a token made and hashed, a mail rendered) that is stored and sent nowhere.
      const issued = (found.length > 0 ? found : [null]).map((account) => ({ account, ...newResetToken() }));
      await storeResetTokens(
        app.db,
        issued.flatMap(({ account, hash }) => (account ? [{ accountId: account.id, hash }] : [])),
      );
      const mails = issued.map(({ account, token }) => ({
        account,
        mail: resetMail(app, email, account?.username ?? DECOY_USERNAME, token),
      }));
      // One INSERT on both paths: the requests of the accounts found, or the one failure.
      await app.audit.recordMany(
        request,
        found.length > 0
          ? found.map((account) => ({
              action: AUDIT_ACTIONS.execute,
              outcome: 'success' as const,
              objectType: AUDIT_OBJECTS.password_reset_request,
              objectId: account.id,
              actor: { userId: account.id, username: account.username, entityId: account.entityId },
              detail: { delivered: app.mailer.delivers },
            }))
          : [
              {
                action: AUDIT_ACTIONS.execute,
                outcome: 'failure' as const,
                objectType: AUDIT_OBJECTS.password_reset_request,
                actor: { userId: null, username: null, entityId: null },
                detail: { reason: 'no_active_account' },
              },
            ],
      );
      // Sent after answering: an SMTP round trip (or a stalled mail server) would otherwise tell by its time
      // that the address exists.
      setImmediate(() => {
        for (const { account, mail } of mails) {
          if (!account) continue;
          app.mailer
            .send(mail)
            .catch((err: unknown) => request.log.error({ err, accountId: account.id }, 'reset mail failed'));
        }
      });
      return { message: FORGOT_PASSWORD_MESSAGE };
    },
  );
};

export default forgotPasswordRoute;
