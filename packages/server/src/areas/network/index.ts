import type { FastifyInstance } from 'fastify';
import { registerTiles } from '../../platform/tiles.ts';
import routes from './routes.ts';
import { NETWORK_TILES } from './tiles.ts';

registerTiles('network', NETWORK_TILES, 50);

/** Zorgnetwerk area: the organisations a caller sees and the network links between them. */
export default async function networkArea(app: FastifyInstance): Promise<void> {
  await app.register(routes);
}
