import type { FastifyInstance } from 'fastify';
import routes from './routes.ts';

/** VP (Voorschrijversportaal): the prescriber's dashboard, Terugblikken and medication reviews. */
export default async function vpArea(app: FastifyInstance): Promise<void> {
  await app.register(routes);
}
