import type { FastifyInstance } from 'fastify';
import { registerTiles } from '../../platform/tiles.ts';
import personRead from './routes/read.ts';
import personWrite from './routes/write.ts';
import { PERSON_TILES } from './tiles.ts';

registerTiles('persons', PERSON_TILES, 80);

/** Persons (Personen) of the caller's organisation: list, read, create, edit, delete to the trash can. */
export default async function personsArea(app: FastifyInstance): Promise<void> {
  await app.register(personRead);
  await app.register(personWrite);
}
