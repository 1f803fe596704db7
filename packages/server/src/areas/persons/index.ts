import type { FastifyInstance } from 'fastify';
import personRead from './routes/read.ts';
import personWrite from './routes/write.ts';

/** Persons (Personen) of the caller's organisation: list, read, create, edit, delete to the trash can. */
export default async function personsArea(app: FastifyInstance): Promise<void> {
  await app.register(personRead);
  await app.register(personWrite);
}
