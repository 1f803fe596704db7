import type { FastifyInstance } from 'fastify';
import { registerTiles } from '../../platform/tiles.ts';
import { scheduleExpiry } from './expiry.ts';
import orderRoutes from './routes/index.ts';
import { ORDER_TILES } from './tiles.ts';

registerTiles('orders', ORDER_TILES, 20);

/** Orders (bestellingen): the spec's three order calls, the care centre's create/send/cancel and the expiry job. */
export default async function ordersArea(app: FastifyInstance): Promise<void> {
  await app.register(orderRoutes);
  scheduleExpiry(app);
}
