import type { Tx } from '../../platform/db/client.ts';
import * as t from './tables.ts';
import { demoAvatarDataUrl } from './demo-avatar.ts';

/** A person of the demo world: a client (with a birth date) or a member of staff. */
export interface DemoPerson {
  entityId: number;
  firstNames: string;
  prefix: string | null;
  lastName: string;
  dateOfBirth?: string | null;
}

/** Every sixth demo client has no photo, so the toedienlijst also shows the initials instead. */
const withoutPhoto = (i: number) => i % 6 === 5;

/**
 * Inserts the demo persons in the given order (their ids follow it); returns the ids in that order.
 * Clients (persons with a birth date) get a generated illustration as their photo.
 */
export async function seedDemoPersons(tx: Tx, persons: readonly DemoPerson[]): Promise<number[]> {
  if (persons.length === 0) return [];
  const rows = await tx
    .insert(t.persons)
    .values(
      persons.map((p, i) => ({
        entityId: p.entityId,
        firstNames: p.firstNames,
        lastNamePrefix: p.prefix,
        lastName: p.lastName,
        dateOfBirth: p.dateOfBirth,
        avatar: p.dateOfBirth && !withoutPhoto(i) ? demoAvatarDataUrl(i) : null,
      })),
    )
    .returning({ id: t.persons.id });
  return rows.map((row) => row.id);
}
