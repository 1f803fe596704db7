import { freshPostgres } from './fresh-postgres.ts';

/** The middle value (the upper one of an even count). */
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Median and max of `runs` timed calls after 3 warm-ups (the first runs warm the plan cache). */
export async function timed(call: () => Promise<unknown>, runs: number) {
  const times: number[] = [];
  for (let i = 0; i < runs + 3; i++) {
    const start = performance.now();
    await call();
    if (i >= 3) times.push(performance.now() - start);
  }
  return { median: median(times), max: Math.max(...times) };
}

/**
 * Runs `measure` on PGlite and, when TEST_DATABASE_URL is set, on a fresh PostgreSQL database that
 * is dropped afterwards. `only` ('pglite' or 'postgres') limits it to one of them.
 */
export async function onEachDatabase<T>(
  measure: (label: string, databaseUrl: string | undefined) => Promise<T>,
  only?: string,
): Promise<T[]> {
  const rows: T[] = [];
  if (only !== 'postgres') rows.push(await measure('PGlite', undefined));
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl && only !== 'pglite') {
    const postgres = await freshPostgres(adminUrl);
    try {
      rows.push(await measure('PostgreSQL', postgres.url));
    } finally {
      await postgres.drop();
    }
  }
  return rows;
}
