import { dashboardSchema } from '@zorgportaal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DASHBOARD_TILES } from '../../dashboard/registry.ts';
import { maySeeTile } from '../../dashboard/tile.ts';
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
      const visible = DASHBOARD_TILES.filter((tile) => maySeeTile(tile, caller));
      const values = await Promise.all(visible.map((tile) => tile.value(app.db, caller)));
      return {
        Tiles: visible.map((tile, i) => ({
          Key: tile.key,
          Value: values[i]!,
          Permission: tile.anyOf?.[0] ?? null,
          Link: tile.link ?? null,
        })),
      };
    },
  );
};

export default dashboardRoute;
