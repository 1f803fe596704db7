// Tables other areas join (they are first, so they exist before any import cycle reaches them).
export { dosageSchemes, inrValues } from './schema.ts';
import type { FastifyInstance } from 'fastify';
import trombosisRoutes from './routes/index.ts';

/** The trombosis service area: INR values, target ranges, dosage schemes and its dashboard. */
export default async function trombosisArea(app: FastifyInstance): Promise<void> {
  await app.register(trombosisRoutes);
}

export { TROMBOSIS_TILES } from './tiles.ts';
export { seedDemoTrombosis } from './demo.ts';
export { coumarinDose, coumarinDosesOn } from './coumarin-dose.ts';
export { criticalCounts, inrValuePatient } from './queries.ts';
