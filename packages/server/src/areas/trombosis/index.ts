import type { FastifyInstance } from 'fastify';
import trombosisRoutes from './routes/index.ts';

/** The trombosis service area: INR values, target ranges, dosage schemes and its dashboard. */
export default async function trombosisArea(app: FastifyInstance): Promise<void> {
  await app.register(trombosisRoutes);
}
