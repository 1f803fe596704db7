import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import orderChangeRoutes from './changes.ts';
import orderCreateRoutes from './create.ts';
import orderListRoutes from './lists.ts';

/** The orders of a care centre at its pharmacy (spec §7): the two lists, the decision, and create/send/cancel. */
const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(orderListRoutes);
  await app.register(orderCreateRoutes);
  await app.register(orderChangeRoutes);
};

export default orderRoutes;
