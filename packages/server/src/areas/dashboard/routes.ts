import { dashboardSchema } from '@zorgportaal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { matches, notModified, REVALIDATE, tagOf } from '../../platform/etag.ts';
import { readDbOf } from '../../platform/read-db.ts';
import { callerOf } from '../../platform/scope.ts';
import { tilesFor, type TileFigure } from '../../platform/tiles.ts';

/**
 * GET /api/dashboard: no permission needed; each tile only for callers who may see its figure. The tiles
 * are the ones the areas registered (platform/tiles.ts), in their order.
 * The landing page refreshes it every minute: its ETag is the answer's own content (the tiles come
 * from several areas, each with its own notion of a change), so an unchanged refresh is a 304
 * without a body. The figures are computed either way.
 */
const dashboardRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/dashboard',
    {
      schema: {
        tags: ['dashboard'],
        summary: 'The tiles of the landing page',
        response: { 200: dashboardSchema },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const now = new Date();
      const visible = tilesFor(caller);
      const db = readDbOf(request);
      const computed = await Promise.all(
        visible.map(async (tile): Promise<TileFigure[]> =>
          tile.figures
            ? tile.figures(db, caller, now)
            : [{ key: tile.key, value: await tile.value(db, caller), link: tile.link }],
        ),
      );
      const dashboard = {
        Tiles: visible.flatMap((tile, i) =>
          computed[i]!.map((figure) => ({
            Key: figure.key,
            Value: figure.value,
            Permission: tile.anyOf?.[0] ?? null,
            Link: figure.link ?? null,
            Group: figure.group ?? null,
            Detail: figure.detail ?? null,
          })),
        ),
      };
      const etag = tagOf(JSON.stringify(dashboard), caller.accountId);
      if (matches(request, etag)) return notModified(reply, etag);
      reply.header('Cache-Control', REVALIDATE).header('ETag', etag);
      return dashboard;
    },
  );
};

export default dashboardRoute;
