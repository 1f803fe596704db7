// Tables other areas join (they are first, so they exist before any import cycle reaches them).
export { persons } from './schema.ts';
import type { FastifyInstance } from 'fastify';
import personRead from './routes/read.ts';
import personWrite from './routes/write.ts';

/** Persons (Personen) of the caller's organisation: list, read, create, edit, delete to the trash can. */
export default async function personsArea(app: FastifyInstance): Promise<void> {
  await app.register(personRead);
  await app.register(personWrite);
}

// What other areas may use.
export { isoOrNull, toPerson } from './mapper.ts';
export { type DemoPerson, seedDemoPersons } from './demo.ts';
export { countPersons, likeContains } from './queries/list.ts';
export {
  createPerson,
  findAccountOfPerson,
  findLivePerson,
  updatePerson,
  type PersonRow,
} from './queries/write.ts';
