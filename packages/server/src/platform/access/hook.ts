import type { Permission } from '@zorgportaal/contract';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { bearerToken, callerForAccessToken, touchAfterResponse } from './access-token.ts';
import { CallerCache } from './caller-cache.ts';
import { openEvents } from '../events.ts';
import { forbidden, unauthorized } from '../errors.ts';
import { registerWarmUp } from '../warm-up.ts';

/**
 * Deny by default (security.md, ASVS 8.3.1): every route needs a valid access token except these
 * route patterns, as registered. The decision is made on the route the router matched (its decoded
 * path), never on the raw URL, so `/%61pi/...` is the same route as `/api/...`.
 */
export const PUBLIC_ROUTES: ReadonlySet<string> = new Set([
  // Login and the steps before a session exists (spec §7).
  '/oauth/token',
  '/oauth/2fa',
  '/api/auth/forgotpassword',
  '/api/auth/resetforgotpassword',
  // Optional bearer token: the forced change at login has none; the route resolves it itself.
  '/api/auth/passwordreset',
  // The "dit was ik niet" link of the e-mail-change notice: checks its own single-use token.
  '/api/account/not-me',
  '/health/live',
  '/health/ready',
  // The OpenAPI document and Swagger UI describe the API; they hold no data.
  '/api/docs',
  '/api/docs/*',
  '/api/docs/json',
  '/api/docs/yaml',
  '/api/docs/static/index.html',
  '/api/docs/static/swagger-initializer.js',
  // Communicatie's event stream for a browser EventSource: checks its own signed stream ticket.
  '/api/communication/events',
  // The FHIR endpoint's CapabilityStatement: it describes the endpoint and holds no data (FHIR R4 §3.1.0.13).
  '/fhir/R4/metadata',
  // The built web client: hashed chunks and translations.
  '/static/*',
  '/locales/*',
]);

export interface RegisteredRoute {
  method: string;
  url: string;
  public: boolean;
}

export const isPublicRoute = (url: string | undefined): boolean =>
  url !== undefined && PUBLIC_ROUTES.has(url);

export default fp(
  async (app: FastifyInstance) => {
    const events = await openEvents(app.config.databaseUrl);
    const cache = new CallerCache(app.db, events);
    app.decorate('events', events);
    app.decorate('callerCache', cache);
    // A start keeps the live sessions' callers before it listens (platform/warm-up.ts): one statement, run once.
    const unregisterWarmUp = registerWarmUp('sessions', async (_db, _now, turn) => {
      if (turn === 0) await cache.keepLiveCallers();
      return 'done';
    });
    app.addHook('onClose', async () => {
      unregisterWarmUp();
      cache.close();
      await events.close();
    });

    // Every route with its public flag: the test that calls each one without a token reads this.
    const routes: RegisteredRoute[] = [];
    app.decorate('registeredRoutes', routes);
    app.addHook('onRoute', (route: RouteOptions) => {
      for (const method of [route.method].flat())
        routes.push({ method, url: route.url, public: isPublicRoute(route.url) });
    });

    app.decorateRequest('caller', null);

    app.addHook('onRequest', async (request) => {
      // No route matched: the not-found handler answers 404 (or serves the SPA) and reveals nothing.
      if (request.is404 || isPublicRoute(request.routeOptions.url)) return;
      const token = bearerToken(request);
      const caller = token ? await callerForAccessToken(app, request, token) : null;
      if (!caller) throw unauthorized();
      request.caller = caller;
    });

    app.addHook('onResponse', async (request) => touchAfterResponse(app, request));

    app.decorate('requirePermission', (permission: Permission) => async (request: FastifyRequest) => {
      if (!request.caller) throw unauthorized();
      if (!request.caller.permissions.has(permission)) throw forbidden();
    });
  },
  { name: 'access', dependencies: ['db', 'config'] },
);
