import type { Tx } from '../../platform/db/client.ts';
import { seedDemoDeletedPersons } from '../persons/demo-deleted.ts';

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
  await seedDemoDeletedPersons(
    tx,
    organisations.map(({ entityId, deletedBy }, i) => {
      const [firstNames, prefix, lastName] = NAMES[i % NAMES.length]!;
      return {
        entityId,
        firstNames,
        prefix,
        lastName,
        dateOfBirth: `${1950 + i * 7}-0${(i % 9) + 1}-1${i % 9}`,
        deletedAt: new Date(now.getTime() - (2 + i) * DAY),
        deletedBy,
      };
    }),
  );
}
