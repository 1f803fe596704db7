import { type Db, POOL_SIZE } from './db/client.ts';

/**
 * One area's hot path, run against the real database before an instance takes requests (main.ts). A process
 * that has just started runs its code unoptimised and its database connections have prepared nothing: in the
 * round bench (docs/operations.md) the first 5 s after a start answered the Toedienlijst polls with a p99 of
 * 0.5–1 s where the next seconds, at the same rate, stayed under 100 ms. A step shows nothing to anyone (no
 * audit entry: no person sees the data) and writes no record (at most what any first read stores, such as a day's
 * planned moments). `turn` counts the step's runs, so a step can vary what it reads; a step answers `'done'` when
 * it has nothing left to do for that turn on (it is not run again).
 */
export type WarmUpStep = (db: Db, now: Date, turn: number) => Promise<void | 'done'>;

const steps = new Map<string, WarmUpStep>();

/**
 * Each area registers its step here (from its index.ts, or from a plugin when the step needs that app's state,
 * removing it when the app closes); registering an area again replaces its step. Returns the removal.
 */
export function registerWarmUp(area: string, step: WarmUpStep): () => void {
  steps.set(area, step);
  return () => {
    if (steps.get(area) === step) steps.delete(area);
  };
}

/**
 * Runs beside each other, as concurrent requests would: each on a pool connection of its own, so every
 * connection of the pool (which keeps them) has prepared the hot statements before the first request.
 */
export const WARM_UP_PARALLEL = POOL_SIZE;

/**
 * Runs every registered step, WARM_UP_PARALLEL at a time, round after round until `budgetMs` has passed (0: not at all),
 * `maxRounds` rounds are done or every step is done. A step that fails is logged and not run again: a warm-up
 * never stops a start. Returns the runs made.
 */
export async function warmUp(
  db: Db,
  budgetMs: number,
  log: { warn(details: object, message: string): void },
  maxRounds = Infinity,
): Promise<number> {
  const until = performance.now() + budgetMs;
  const active = new Map(steps);
  let turn = 0;
  let made = 0;
  while (active.size > 0 && performance.now() < until && turn < maxRounds * WARM_UP_PARALLEL) {
    for (const [area, step] of active) {
      const from = turn;
      const runs = Array.from({ length: WARM_UP_PARALLEL }, (_, i) => step(db, new Date(), from + i));
      made += WARM_UP_PARALLEL;
      const settled = await Promise.allSettled(runs);
      const failed = settled.find((r) => r.status === 'rejected');
      if (failed) {
        log.warn({ err: failed.reason, area }, 'warm-up step failed; the instance starts without it');
        active.delete(area);
      } else if (settled.some((r) => r.status === 'fulfilled' && r.value === 'done')) active.delete(area);
    }
    turn += WARM_UP_PARALLEL;
  }
  return made;
}
