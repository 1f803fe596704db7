import type { FastifyInstance } from 'fastify';
import { scheduleExpiry } from './expiry.ts';
import orderRoutes from './routes/index.ts';

/** Orders (bestellingen): the spec's three order calls, the care centre's create/send/cancel and the expiry job. */
export default async function ordersArea(app: FastifyInstance): Promise<void> {
  await app.register(orderRoutes);
  scheduleExpiry(app);
}
