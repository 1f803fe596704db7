import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import trombosisDashboardRoutes from './dashboard.ts';
import dosageSchemeRoutes from './dosage-schemes.ts';
import inrValueRoutes from './inr-values.ts';
import targetRangeRoutes from './target-range.ts';

/** The trombosis service (domain.md): INR values, target ranges, dosage schemes, the dashboard. */
const trombosisRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(trombosisDashboardRoutes);
  await app.register(inrValueRoutes);
  await app.register(targetRangeRoutes);
  await app.register(dosageSchemeRoutes);
};

export default trombosisRoutes;
