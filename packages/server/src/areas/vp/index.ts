import type { FastifyInstance } from 'fastify';
import { registerTiles } from '../../platform/tiles.ts';
import routes from './routes.ts';
import { VP_TILES } from './tiles.ts';

registerTiles('vp', VP_TILES, 60);

/** VP (Voorschrijversportaal): the prescriber's dashboard, Terugblikken and medication reviews. */
export default async function vpArea(app: FastifyInstance): Promise<void> {
  await app.register(routes);
}
