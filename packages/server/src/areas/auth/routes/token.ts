import {
  CLIENT_ID,
  apiErrorSchema,
  clientCredentialsResponseSchema,
  loginErrorSchema,
  tokenEndpointSchema,
  tokenResponseSchema,
} from '@zorgportaal/contract';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { passwordGrant } from '../password-grant.ts';
import { refreshGrant } from '../refresh-grant.ts';
import { invalidClient } from '../../../platform/errors.ts';
import { clientCredentialsGrant } from '../../system-clients/public.ts';

/**
 * POST /oauth/token: the OAuth2 password and refresh-token grants (spec §7, security.md), and the
 * client-credentials grant of an organisation's system clients (docs/fhir.md).
 */
const tokenRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/oauth/token',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Log in (password grant), renew the tokens (refresh_token grant), or a system client token (client_credentials)',
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: tokenEndpointSchema,
        response: {
          200: z.union([tokenResponseSchema, clientCredentialsResponseSchema]),
          400: apiErrorSchema,
          401: loginErrorSchema,
          403: loginErrorSchema,
          422: loginErrorSchema,
          429: loginErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { scope: _scope, ...form } = request.body;
      reply.header('Pragma', 'no-cache');
      if (form.grant_type === 'client_credentials')
        return clientCredentialsGrant(app, request, reply, request.body);
      // A browser app cannot keep a secret, so client_id is checked and client_secret is not.
      if (form.client_id !== CLIENT_ID) throw invalidClient();
      const portal = { ...form, grant_type: form.grant_type, client_id: CLIENT_ID };
      return form.grant_type === 'password'
        ? passwordGrant(app, request, portal)
        : refreshGrant(app, request, portal);
    },
  );
};

export default tokenRoute;
