import {
  CLIENT_ID,
  apiErrorSchema,
  loginErrorSchema,
  tokenRequestSchema,
  twofaChallengeResponseSchema,
} from '@zorgportaal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invalidClient } from '../../../../platform/errors.ts';
import { authenticatePassword } from '../../password-grant.ts';
import { twofaNotEnabled } from '../errors.ts';
import { createTwofaChallenge } from '../login-step.ts';

/**
 * POST /oauth/2fa (spec §7: the same form as /oauth/token): verifies the password again and answers
 * the `twofa_uuid` the code step must carry, valid 5 minutes for this account only.
 */
const twoFactorRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/oauth/2fa',
    {
      schema: {
        tags: ['auth'],
        summary: 'Start the two-factor step of a login',
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: tokenRequestSchema,
        response: {
          200: twofaChallengeResponseSchema,
          400: apiErrorSchema,
          401: loginErrorSchema,
          403: loginErrorSchema,
          429: loginErrorSchema,
        },
      },
    },
    async (request) => {
      const form = request.body;
      if (form.client_id !== CLIENT_ID) throw invalidClient();
      const account = await authenticatePassword(app, request, form);
      if (!account.totpEnabled) throw twofaNotEnabled();
      return { data: { twofa_uuid: await createTwofaChallenge(app, account.id) } };
    },
  );
};

export default twoFactorRoute;
