import { AUDIT_OBJECTS } from '@zorgportaal/contract';
import type { FastifyInstance } from 'fastify';
import { registerThreadSubject } from '../communication/public.ts';
import { registerTiles } from '../../platform/tiles.ts';
import { scheduleExpiry } from './expiry.ts';
import { orderParties } from './queries/index.ts';
import orderRoutes from './routes/index.ts';
import { ORDER_TILES } from './tiles.ts';

registerTiles('orders', ORDER_TILES, 20);

// A message about an order: both organisations must be its parties (the pharmacy once it was sent).
registerThreadSubject('OrderId', {
  objectType: AUDIT_OBJECTS.order,
  otherClient: 'Deze bestelling hoort bij een andere cliënt.',
  async clientOf(db, id, { fromEntityId, toEntityId }) {
    const order = await orderParties(db, id);
    if (!order?.parties.includes(fromEntityId) || !order.parties.includes(toEntityId)) return undefined;
    return { patientId: order.patientId };
  },
});

/** Orders (bestellingen): the spec's three order calls, the care centre's create/send/cancel and the expiry job. */
export default async function ordersArea(app: FastifyInstance): Promise<void> {
  await app.register(orderRoutes);
  scheduleExpiry(app);
}
