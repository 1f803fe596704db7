/**
 * Deterministic Dutch client names and dates of birth for the care centres: the same
 * index always gives the same person, so tests and screenshots stay stable.
 */
const FIRST_NAMES = [
  'Johanna',
  'Cornelis',
  'Wilhelmina',
  'Hendrik',
  'Geertruida',
  'Jacobus',
  'Maria',
  'Petrus',
  'Adriana',
  'Willem',
  'Elisabeth',
  'Gerrit',
  'Hendrika',
  'Johannes',
  'Catharina',
  'Theodorus',
  'Anna',
  'Antonius',
  'Margaretha',
  'Dirk',
  'Grietje',
  'Klaas',
  'Aaltje',
  'Bernardus',
];
const LAST_NAMES: [string | null, string][] = [
  [null, 'Jansen'],
  ['de', 'Jong'],
  ['van der', 'Meer'],
  ['van', 'Dijk'],
  [null, 'Bakker'],
  ['de', 'Boer'],
  ['van den', 'Heuvel'],
  [null, 'Smit'],
  ['van', 'Leeuwen'],
  [null, 'Mulder'],
  ['de', 'Graaf'],
  ['van der', 'Wal'],
  [null, 'Kok'],
  ['van', 'Beek'],
  [null, 'Hendriks'],
  ['de', 'Wit'],
  ['van der', 'Veen'],
  [null, 'Dekker'],
  ['van', 'Vliet'],
  [null, 'Brouwer'],
  ['ter', 'Horst'],
  ['in het', 'Veld'],
  [null, 'Peters'],
  ['van', 'Wijk'],
];

export interface DemoClient {
  firstNames: string;
  prefix: string | null;
  lastName: string;
  dateOfBirth: string;
}

/** Clients `offset .. offset + count - 1`; ages between roughly 70 and 98. */
export function demoClients(offset: number, count: number): DemoClient[] {
  return Array.from({ length: count }, (_, i) => {
    const n = offset + i;
    const [prefix, lastName] = LAST_NAMES[(n * 7) % LAST_NAMES.length]!;
    const year = 1927 + ((n * 11) % 28);
    const month = 1 + ((n * 5) % 12);
    const day = 1 + ((n * 13) % 28);
    return {
      firstNames: FIRST_NAMES[n % FIRST_NAMES.length]!,
      prefix,
      lastName,
      dateOfBirth: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
    };
  });
}
