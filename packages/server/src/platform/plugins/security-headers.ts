import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/**
 * The headers helmet sets, recorded once. With a fixed configuration (no CSP nonces) they do not depend
 * on the request, and handing them to Fastify as one object costs less per request than running helmet's
 * dozen middlewares, each writing one header on the raw response (docs/performance.md).
 */
function recordHeaders(middleware: Middleware): Record<string, string> {
  const headers: Record<string, string> = {};
  let failure: unknown;
  const res = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    // X-Powered-By: Node's own server never sets it.
    removeHeader: () => {},
  };
  middleware({} as IncomingMessage, res as unknown as ServerResponse, (err) => {
    failure = err;
  });
  if (failure) throw failure;
  return headers;
}

/** Strict CSP and friends (security.md "Headers"; ASVS 3.4). */
export default fp(
  async (app: FastifyInstance) => {
    const headers = recordHeaders(
      helmet({
        contentSecurityPolicy: {
          useDefaults: false,
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'"],
            // Mantine injects a <style> tag at runtime; scripts stay strictly 'self'.
            styleSrc: ["'self'", "'unsafe-inline'"],
            imgSrc: ["'self'", 'data:', 'blob:'],
            connectSrc: ["'self'"],
            fontSrc: ["'self'", 'data:'],
            objectSrc: ["'none'"],
            baseUri: ["'none'"],
            frameAncestors: ["'none'"],
            formAction: ["'self'"],
          },
        },
        referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
        frameguard: { action: 'deny' },
        // HSTS only makes sense (and only is honoured) when the portal is served over HTTPS.
        strictTransportSecurity: app.config.publicUrl.startsWith('https://')
          ? { maxAge: 31536000, includeSubDomains: true }
          : false,
      }) as Middleware,
    );

    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });

    // Personal data must not end up in shared or browser caches.
    // Decided from the matched route, like authentication (a percent-encoded path is the same route):
    // every answer is no-store except the static files, the SPA's index.html which sets its own, and the
    // list reads with an ETag, which set `private, no-cache` themselves (only the user's own browser keeps
    // them, and revalidates each time).
    app.addHook('onSend', async (request, reply) => {
      const route = request.is404 ? undefined : request.routeOptions.url;
      if (route === '/static/*' || route === '/locales/*') return;
      if (request.is404 && reply.hasHeader('Cache-Control')) return;
      if (String(reply.getHeader('Cache-Control') ?? '').startsWith('private, no-cache')) return;
      reply.header('Cache-Control', 'no-store');
    });
  },
  { name: 'security-headers', dependencies: ['config'] },
);
