import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from '../errors.ts';

const API_PREFIXES = ['/api/', '/oauth/', '/health/'];
const ASSET_PREFIXES = ['/static/', '/locales/'];
const startsWithAny = (url: string, prefixes: string[]) =>
  prefixes.some((p) => url.startsWith(p) || url === p.slice(0, -1));

/**
 * Serves the built SPA from WEB_DIST: hashed chunks under /static (cached for a year, their names change
 * with their content), translations under /locales (revalidated), and index.html for every other GET
 * so the client router decides (spec §2). The build writes .br and .gz next to every text file
 * (packages/web/scripts/precompress.mjs); preCompressed sends the one the client accepts.
 */
export default fp(
  async (app: FastifyInstance) => {
    const root = app.config.webDist;
    const hasBuild = existsSync(path.join(root, 'index.html'));

    if (hasBuild) {
      await app.register(fastifyStatic, {
        root,
        serve: false,
        cacheControl: false,
        preCompressed: true,
      });
      if (existsSync(path.join(root, 'static'))) {
        await app.register(fastifyStatic, {
          root: path.join(root, 'static'),
          prefix: '/static/',
          decorateReply: false,
          cacheControl: false,
          preCompressed: true,
          setHeaders: (reply) => void reply.header('Cache-Control', 'public, max-age=31536000, immutable'),
        });
      }
      if (existsSync(path.join(root, 'locales'))) {
        await app.register(fastifyStatic, {
          root: path.join(root, 'locales'),
          prefix: '/locales/',
          decorateReply: false,
          cacheControl: false,
          preCompressed: true,
          setHeaders: (reply) => void reply.header('Cache-Control', 'no-cache'),
        });
      }
    }

    /** Called by the not-found handler for every unmatched request. Returns false when it is not the SPA's. */
    app.decorate('serveSpa', async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
      const url = request.url.split('?')[0]!;
      if (
        !['GET', 'HEAD'].includes(request.method) ||
        startsWithAny(url, [...API_PREFIXES, ...ASSET_PREFIXES])
      )
        return false;
      if (!hasBuild) {
        await reply
          .code(503)
          .type('text/plain; charset=utf-8')
          .header('Cache-Control', 'no-store')
          .send(
            `${MESSAGES.SERVICE_UNAVAILABLE}\nThe web client is not built: run \`npm run build\` (looked in ${root}).`,
          );
        return true;
      }
      // Top-level public files (favicon, robots.txt, …) as they are; anything else is a client route.
      const file = url.slice(1);
      if (/^[\w.-]+\.[a-z0-9]+$/i.test(file) && file !== 'index.html' && existsSync(path.join(root, file))) {
        await reply.header('Cache-Control', 'no-cache').sendFile(file);
        return true;
      }
      await reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
      return true;
    });
  },
  { name: 'web', dependencies: ['config'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    serveSpa(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
  }
}
