import {
  CLIENT_ID,
  apiErrorSchema,
  loginErrorSchema,
  tokenRequestSchema,
  tokenResponseSchema,
} from '@zorgportaal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { passwordGrant } from '../password-grant.ts';
import { refreshGrant } from '../refresh-grant.ts';
import { invalidClient } from '../../../platform/errors.ts';

/** POST /oauth/token: the OAuth2 password and refresh-token grants (spec §7, security.md). */
const tokenRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/oauth/token',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log in (password grant) or renew the tokens (refresh_token grant)',
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: tokenRequestSchema,
        response: {
          200: tokenResponseSchema,
          400: apiErrorSchema,
          401: loginErrorSchema,
          403: loginErrorSchema,
          422: loginErrorSchema,
          429: loginErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const form = request.body;
      // A browser app cannot keep a secret, so client_id is checked and client_secret is not.
      if (form.client_id !== CLIENT_ID) throw invalidClient();
      reply.header('Pragma', 'no-cache');
      return form.grant_type === 'password'
        ? passwordGrant(app, request, form)
        : refreshGrant(app, request, form);
    },
  );
};

export default tokenRoute;
