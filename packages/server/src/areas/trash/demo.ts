import type { Tx } from '../../platform/db/client.ts';
import * as t from './tables.ts';

const DAY = 86_400_000;
const NAMES: [string, string | null, string][] = [
  ['Gerrit', null, 'Hoekstra'],
  ['Marieke', 'van', 'Leeuwen'],
  ['Johan', 'de', 'Wit'],
  ['Anouk', null, 'Smits'],
  ['Kees', 'van der', 'Meer'],
  ['Ilse', null, 'Brouwer'],
];

/**
 * One deleted person in each organisation's Prullenbak (trash can), deleted a few days ago by an
 * account of that organisation, so restore and purge can be tried without deleting someone first.
 */
export async function seedDemoTrash(
  tx: Tx,
  organisations: { entityId: number; deletedBy: number | null }[],
  now: Date,
): Promise<void> {
  if (organisations.length === 0) return;
  await tx.insert(t.persons).values(
    organisations.map(({ entityId, deletedBy }, i) => {
      const [firstNames, lastNamePrefix, lastName] = NAMES[i % NAMES.length]!;
      const deletedAt = new Date(now.getTime() - (2 + i) * DAY);
      return {
        entityId,
        firstNames,
        lastNamePrefix,
        lastName,
        dateOfBirth: `${1950 + i * 7}-0${(i % 9) + 1}-1${i % 9}`,
        active: false,
        deleted: true,
        deletedAt,
        deletedBy,
        updatedAt: deletedAt,
      };
    }),
  );
}
