import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import accessRoutes from './access.ts';
import logboekRoutes from './logboek.ts';
import printRoutes from './print.ts';

/** The Logboek and its export, the printout entries, and a client's access overview. */
const logRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(logboekRoutes);
  await app.register(printRoutes);
  await app.register(accessRoutes);
};

export default logRoutes;
