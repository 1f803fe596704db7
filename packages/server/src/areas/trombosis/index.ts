import { AUDIT_OBJECTS } from '@zorgportaal/contract';
import type { FastifyInstance } from 'fastify';
import { registerThreadSubject } from '../communication/public.ts';
import { inrValuePatient } from './queries.ts';
import { registerTiles } from '../../platform/tiles.ts';
import trombosisRoutes from './routes/index.ts';
import { TROMBOSIS_TILES } from './tiles.ts';

registerTiles('trombosis', TROMBOSIS_TILES, 40);

// A message about an INR value is about its client; communication then checks both sides see that client.
registerThreadSubject('InrValueId', {
  objectType: AUDIT_OBJECTS.inr_value,
  otherClient: 'Deze INR-waarde hoort bij een andere cliënt.',
  async clientOf(db, id) {
    const patientId = await inrValuePatient(db, id);
    return patientId === undefined ? undefined : { patientId };
  },
});

/** The trombosis service area: INR values, target ranges, dosage schemes and its dashboard. */
export default async function trombosisArea(app: FastifyInstance): Promise<void> {
  await app.register(trombosisRoutes);
}
