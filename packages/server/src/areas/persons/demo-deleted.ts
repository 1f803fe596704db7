import type { Tx } from '../../platform/db/client.ts';
import * as t from './tables.ts';

/** A demo person already in the trash can: deleted at `deletedAt` by the account `deletedBy`. */
export interface DemoDeletedPerson {
  entityId: number;
  firstNames: string;
  prefix: string | null;
  lastName: string;
  dateOfBirth: string;
  deletedAt: Date;
  deletedBy: number | null;
}

/** Inserts deleted (inactive) demo persons, as a delete to the trash can leaves them (for the trash area's demo). */
export async function seedDemoDeletedPersons(tx: Tx, persons: readonly DemoDeletedPerson[]): Promise<void> {
  if (persons.length === 0) return;
  await tx.insert(t.persons).values(
    persons.map((p) => ({
      entityId: p.entityId,
      firstNames: p.firstNames,
      lastNamePrefix: p.prefix,
      lastName: p.lastName,
      dateOfBirth: p.dateOfBirth,
      active: false,
      deleted: true,
      deletedAt: p.deletedAt,
      deletedBy: p.deletedBy,
      updatedAt: p.deletedAt,
    })),
  );
}
