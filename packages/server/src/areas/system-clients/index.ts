import type { FastifyInstance } from 'fastify';
import { registerSystemClientPort } from '../../platform/access/system-client-port.ts';
import { lookupSystemCaller } from './queries/index.ts';
import routes from './routes.ts';

/**
 * System clients (Koppelingen): an organisation's OAuth2 client-credentials clients of the FHIR endpoint.
 * The grant itself is `clientCredentialsGrant` (public.ts), which the auth area's token route calls.
 */
export default async function systemClientsArea(app: FastifyInstance): Promise<void> {
  // The access hook resolves system tokens through this port (the platform imports no area).
  registerSystemClientPort({ lookupSystemCaller });
  await app.register(routes);
}
