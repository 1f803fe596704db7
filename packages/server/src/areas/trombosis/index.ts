import type { FastifyInstance } from 'fastify';
import { registerTiles } from '../../platform/tiles.ts';
import trombosisRoutes from './routes/index.ts';
import { TROMBOSIS_TILES } from './tiles.ts';

registerTiles('trombosis', TROMBOSIS_TILES, 40);

/** The trombosis service area: INR values, target ranges, dosage schemes and its dashboard. */
export default async function trombosisArea(app: FastifyInstance): Promise<void> {
  await app.register(trombosisRoutes);
}
