import type { FastifyInstance } from 'fastify';
import agreementChanges from './routes/agreement-changes.ts';
import agreements from './routes/agreements.ts';
import catalogue from './routes/catalogue.ts';
import patients from './routes/patients.ts';
import prescribers from './routes/prescribers.ts';
import { scheduleRollOver } from './planned-days.ts';
import { registerWarmUp } from '../../platform/warm-up.ts';
import { organisationsWarmUp } from './warm-up.ts';

/** Medication: clients (patients), the medication catalogue, medication agreements and their planned days. */
export default async function medicationArea(app: FastifyInstance): Promise<void> {
  await app.register(patients);
  await app.register(prescribers);
  await app.register(catalogue);
  await app.register(agreements);
  await app.register(agreementChanges);
  scheduleRollOver(app);
  const unregister = registerWarmUp('organisations', organisationsWarmUp(app));
  app.addHook('onClose', async () => unregister());
}
