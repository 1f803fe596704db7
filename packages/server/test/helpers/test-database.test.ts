import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase, rowsOf } from '../../src/platform/db/client.ts';
import { templateTarball, testDatabase } from './test-database.ts';

const embedded = process.env.TEST_DB !== 'postgres';

/** Every PGlite copy reads the same template bytes (templateTarball): a copy's writes must stay its own. */
describe.skipIf(!embedded)('the per-file PGlite copies', () => {
  it('start from the template however much an earlier copy wrote', async () => {
    const bytes = templateTarball(inject('databaseTemplates').copies.seeded);
    const digest = async () =>
      createHash('sha1')
        .update(new Uint8Array(await bytes.arrayBuffer()))
        .digest('hex');
    const before = await digest();

    const first = await testDatabase({ seed: true });
    await first.database.db.execute(sql`create table scratch as select generate_series(1, 50000) as n`);
    await first.database.pglite!.exec('CHECKPOINT');
    await first.close();

    const second = await testDatabase({ seed: true });
    const [row] = rowsOf<{ scratch: string | null; accounts: number }>(
      await second.database.db.execute(
        sql`select to_regclass('scratch')::text as scratch, (select count(*)::int from accounts) as accounts`,
      ),
    );
    await second.close();
    expect(row).toEqual({ scratch: null, accounts: expect.any(Number) });
    expect(row!.accounts).toBeGreaterThan(0);
    expect(await digest()).toBe(before);
  });
});

/** CI keeps the PostgreSQL copies in a tablespace in memory (scripts/test-tablespace.sh). */
const tablespace = process.env.TEST_TABLESPACE;
describe.skipIf(embedded || !tablespace)('the per-file PostgreSQL copies', () => {
  it('live in TEST_TABLESPACE and hold the demo world', async () => {
    const copy = await testDatabase({ seed: true });
    try {
      const [row] = rowsOf<{ tablespace: string; accounts: number }>(
        await copy.database.db.execute(
          sql`select t.spcname as tablespace, (select count(*)::int from accounts) as accounts
              from pg_database d join pg_tablespace t on t.oid = d.dattablespace
              where d.datname = current_database()`,
        ),
      );
      expect(row?.tablespace).toBe(tablespace);
      expect(row!.accounts).toBeGreaterThan(0);
    } finally {
      await copy.close();
    }
  });
});

/**
 * Lets a statement's connection start, then blocks this thread without using the CPU, as a long synchronous
 * step (WebAssembly) would.
 */
async function blockThreadWhileConnecting(ms: number) {
  await new Promise((resolve) => setImmediate(resolve));
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * The run's templates are made in one thread, the embedded one blocking it for seconds at a time: a connection
 * opened meanwhile must not time out because Node ran its timers before it read the socket.
 */
describe.skipIf(embedded)('a PostgreSQL connection opened while the thread is blocked', () => {
  it('times out with a connect timeout shorter than the block, though the server answered at once', async () => {
    const copy = await testDatabase({ seed: false });
    const short = await openDatabase(copy.url!, { connectTimeoutMs: 100 });
    try {
      // then(): Drizzle's statements are lazy and start only when awaited.
      const answer = short.db.execute(sql`select 1`).then(rowsOf);
      await blockThreadWhileConnecting(400);
      await expect(answer).rejects.toThrow();
    } finally {
      await short.close();
      await copy.close();
    }
  });

  it("is kept by the tests' copies, blocked longer than the portal's 5 s", async () => {
    const copy = await testDatabase({ seed: false });
    try {
      const answer = copy.database.db.execute(sql`select 1 as one`).then(rowsOf);
      await blockThreadWhileConnecting(5_200);
      expect(await answer).toEqual([{ one: 1 }]);
    } finally {
      await copy.close();
    }
  });
});
