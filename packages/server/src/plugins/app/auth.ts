import type { Permission } from '@zorgportaal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { callerForAccessToken } from '../../auth/access-token.ts';
import { forbidden, unauthorized } from './api-errors.ts';

/**
 * Deny by default (security.md, ASVS 8.3.1): every /api route needs a valid access token,
 * except this explicit list of public routes (route patterns as registered).
 */
export const PUBLIC_API_ROUTES: ReadonlySet<string> = new Set([
  '/api/auth/forgotpassword',
  '/api/auth/resetforgotpassword',
  '/api/auth/passwordreset',
]);

function needsToken(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0]!;
  if (path !== '/api' && !path.startsWith('/api/')) return false;
  // Unknown routes answer 404 through the not-found handler; the API docs are public.
  if (request.is404 || path === '/api/docs' || path.startsWith('/api/docs/')) return false;
  return !PUBLIC_API_ROUTES.has(request.routeOptions.url ?? '');
}

function bearerToken(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

export default fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('caller', null);

    app.addHook('onRequest', async (request) => {
      if (!needsToken(request)) return;
      const token = bearerToken(request);
      const caller = token && token.length <= 128 ? await callerForAccessToken(app.db, token) : null;
      if (!caller) throw unauthorized();
      request.caller = caller;
    });

    app.decorate('requirePermission', (permission: Permission) => async (request: FastifyRequest) => {
      if (!request.caller?.permissions.has(permission)) throw forbidden();
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
