import type { Tx } from '../../platform/db/client.ts';
import * as t from './tables.ts';

/** A person of the demo world: a client (with a birth date) or a member of staff. */
export interface DemoPerson {
  entityId: number;
  firstNames: string;
  prefix: string | null;
  lastName: string;
  dateOfBirth?: string | null;
}

/** Inserts the demo persons in the given order (their ids follow it); returns the ids in that order. */
export async function seedDemoPersons(tx: Tx, persons: readonly DemoPerson[]): Promise<number[]> {
  if (persons.length === 0) return [];
  const rows = await tx
    .insert(t.persons)
    .values(
      persons.map((p) => ({
        entityId: p.entityId,
        firstNames: p.firstNames,
        lastNamePrefix: p.prefix,
        lastName: p.lastName,
        dateOfBirth: p.dateOfBirth,
      })),
    )
    .returning({ id: t.persons.id });
  return rows.map((row) => row.id);
}
