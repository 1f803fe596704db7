import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { POOL_SIZE } from '../db/client.ts';
import * as s from '../../schema.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { registerWarmUp, WARM_UP_PARALLEL, warmUp } from '../warm-up.ts';

/** A log that keeps its warnings. */
const recordingLog = () => {
  const warnings: { details: object; message: string }[] = [];
  return { warnings, warn: (details: object, message: string) => warnings.push({ details, message }) };
};

/** A start's warm-up (main.ts) on the demo world: the areas' hot paths run, nothing is recorded. */
describe('warming up an instance before it listens', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it("runs the Toedienlijst's build within its budget, without a failure and without an audit entry", async () => {
    const before = await t.db.$count(s.auditLog);
    const log = recordingLog();
    const started = performance.now();
    const runs = await warmUp(t.db, 300, log);
    // Whole rounds: the last one may run past the budget by one round's work.
    expect(performance.now() - started).toBeLessThan(300 + 5_000);
    expect(runs).toBeGreaterThan(0);
    expect(log.warnings).toEqual([]);
    expect(await t.db.$count(s.auditLog)).toBe(before);
  });

  it('runs each step as many at a time as the pool has connections, with their turns, and nothing with a budget of 0', async () => {
    const turns: number[] = [];
    let running = 0;
    let most = 0;
    const unregister = registerWarmUp('test-counting', async (_db, _now, turn) => {
      most = Math.max(most, ++running);
      await new Promise((r) => setTimeout(r, 5));
      turns.push(turn);
      running--;
    });
    try {
      expect(await warmUp(t.db, 0, recordingLog())).toBe(0);
      expect(turns).toEqual([]);
      // Two rounds within a budget no machine exhausts, so the count does not depend on its speed.
      await warmUp(t.db, 60_000, recordingLog(), 2);
      expect(most).toBe(WARM_UP_PARALLEL);
      expect([...turns].sort((a, b) => a - b)).toEqual([...Array(2 * WARM_UP_PARALLEL).keys()]);
    } finally {
      unregister();
    }
  });

  it('stops running a step once it is done, and ends when every step is done', async () => {
    const turns: number[] = [];
    // Lists two wards' worth of work: turns 0 and 1 work, every later turn has nothing left.
    const unregister = registerWarmUp('test-done', async (_db, _now, turn) => {
      turns.push(turn);
      return turn >= 2 ? 'done' : undefined;
    });
    try {
      const started = performance.now();
      // The administration step of this app is done too once its wards are kept (a few rounds).
      await warmUp(t.db, 60_000, recordingLog());
      expect(performance.now() - started).toBeLessThan(30_000);
      // One round: its later turns found nothing left.
      expect([...turns].sort((a, b) => a - b)).toEqual([...Array(WARM_UP_PARALLEL).keys()]);
    } finally {
      unregister();
    }
  });

  it('drops a failing step after logging it, and goes on with the others', async () => {
    let failingRuns = 0;
    let otherRuns = 0;
    const removals = [
      registerWarmUp('test-failing', async () => {
        failingRuns++;
        throw new Error('no such table');
      }),
      registerWarmUp('test-other', async () => {
        otherRuns++;
      }),
    ];
    try {
      const log = recordingLog();
      await warmUp(t.db, 60_000, log, 3);
      expect(failingRuns).toBe(WARM_UP_PARALLEL);
      expect(otherRuns).toBe(3 * WARM_UP_PARALLEL);
      expect(log.warnings).toEqual([
        { details: expect.objectContaining({ area: 'test-failing' }), message: expect.any(String) },
      ]);
    } finally {
      for (const remove of removals) remove();
    }
  });

  // node-postgres' pool closes a connection idle for 10 s by default; each new one prepares the hot statements
  // and reads the catalog again, under the first load after a quiet time.
  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'on PostgreSQL every connection of the pool is opened by the warm-up and kept while idle',
    async () => {
      const pool = (t.db as unknown as { $client: { totalCount: number } }).$client;
      // A step as the areas' are: statements that hold their connection a moment.
      const unregister = registerWarmUp('test-statements', async (db) => {
        await db.execute(sql`select pg_sleep(0.02)`);
      });
      try {
        await warmUp(t.db, 60_000, recordingLog(), 1);
      } finally {
        unregister();
      }
      expect(pool.totalCount).toBe(POOL_SIZE);
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      try {
        // Every connection used and handed back (where an idle timer would start), then a quiet minute.
        await Promise.all(Array.from({ length: POOL_SIZE }, () => t.db.execute(sql`select pg_sleep(0.02)`)));
        vi.advanceTimersByTime(60_000);
      } finally {
        vi.useRealTimers();
      }
      expect(pool.totalCount).toBe(POOL_SIZE);
    },
  );
});
