import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Strict CSP and friends (security.md "Headers"; ASVS 3.4). */
export default fp(
  async (app: FastifyInstance) => {
    await app.register(helmet, {
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
    });

    // Personal data must not end up in shared or browser caches. The list reads with an ETag set
    // `private, no-cache` themselves: only the user's own browser keeps them, and revalidates each time.
    app.addHook('onSend', async (request, reply) => {
      const path = request.url;
      const revalidated = String(reply.getHeader('Cache-Control') ?? '').startsWith('private, no-cache');
      if ((path.startsWith('/api/') || path === '/api' || path.startsWith('/oauth/')) && !revalidated)
        reply.header('Cache-Control', 'no-store');
    });
  },
  { name: 'security-headers', dependencies: ['config'] },
);
