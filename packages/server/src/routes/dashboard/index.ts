import { dashboardSchema } from '@zorgportaal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DASHBOARD_TILES } from '../../dashboard/registry.ts';
import { maySeeTile, type TileFigure } from '../../dashboard/tile.ts';
import { callerOf } from '../../management/scope.ts';

/** GET /api/dashboard: no permission needed; each tile only for callers who may see its figure. */
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
    async (request) => {
      const caller = callerOf(request);
      const now = new Date();
      const visible = DASHBOARD_TILES.filter((tile) => maySeeTile(tile, caller));
      const computed = await Promise.all(
        visible.map(async (tile): Promise<TileFigure[]> =>
          tile.figures
            ? tile.figures(app.db, caller, now)
            : [{ key: tile.key, value: await tile.value(app.db, caller), link: tile.link }],
        ),
      );
      return {
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
    },
  );
};

export default dashboardRoute;
