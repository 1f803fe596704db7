/**
 * Bench: heavy reads answered by the primary, by a streaming hot standby (DATABASE_READ_URL), and with the
 * replica unreachable (the fallback). No goal: the replica moves load off the primary, it does not make one
 * read faster; the figures show what routing and the fallback cost per read. PostgreSQL only: needs
 * TEST_DATABASE_URL and TEST_REPLICA_URL (a standby of that server, scripts/start-replica.sh).
 * Run: npx tsx packages/server/bench/read-replica.ts [runs=25]
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase } from '../src/platform/db/client.ts';
import { migrationsFolder } from '../src/platform/db/migrations.ts';
import { seedDemoWorld } from '../src/seed/demo-world.ts';
import { appAs } from './support/app-as.ts';
import { freshPostgres } from './support/fresh-postgres.ts';
import { timed } from './support/measure.ts';

const RUNS = Number(process.argv[2] ?? 25);
const SECRET = 'bench-secret-key-bench-secret-key-0123456789';
const READS = ['/api/log?limit=50', '/api/log/export', '/api/dashboard'];

async function until(probe: () => Promise<boolean>, what: string) {
  const end = Date.now() + 60_000;
  while (!(await probe().catch(() => false))) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function main() {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const replicaUrl = process.env.TEST_REPLICA_URL;
  if (!adminUrl || !replicaUrl) {
    console.log('skipped: needs TEST_DATABASE_URL and TEST_REPLICA_URL (scripts/start-replica.sh)');
    return;
  }
  const fresh = await freshPostgres(adminUrl);
  const databases: Database[] = [];
  try {
    const seeding = await openDatabase(fresh.url);
    databases.push(seeding);
    await seeding.migrate(migrationsFolder());
    await seedDemoWorld(seeding.db, { secretKey: SECRET });
    const standby = new URL(replicaUrl);
    standby.pathname = new URL(fresh.url).pathname;
    const lsn = (await seeding.db.execute(sql`select pg_current_wal_lsn()::text as l`)) as unknown as {
      rows: { l: string }[];
    };
    await until(async () => {
      const client = new pg.Client({ connectionString: standby.toString() });
      await client.connect();
      try {
        const r = await client.query(`select pg_last_wal_replay_lsn() >= '${lsn.rows[0]!.l}' as ok`);
        return r.rows[0].ok === true;
      } finally {
        await client.end();
      }
    }, 'the standby to replay the seed');

    const variants: [string, string | undefined][] = [
      ['primary only', undefined],
      ['hot standby', standby.toString()],
      ['replica unreachable', 'postgres://postgres@127.0.0.1:1/none'],
    ];
    const rows: string[][] = [];
    for (const [label, readUrl] of variants) {
      const database = await openDatabase(fresh.url, { readUrl });
      databases.push(database);
      const { app, auth } = await appAs(database, SECRET, 'beheerder', fresh.url);
      if (readUrl) await database.replica!.check();
      const row = [label, database.replica ? String(database.replica.usable()) : '–'];
      for (const url of READS) {
        const { median, max } = await timed(async () => {
          const res = await app.inject({ method: 'GET', url, headers: auth });
          if (res.statusCode !== 200) throw new Error(`${label} ${url}: ${res.statusCode}`);
        }, RUNS);
        row.push(`${median.toFixed(1)} ms (max ${max.toFixed(0)})`);
      }
      await app.close();
      rows.push(row);
    }
    // What one statement costs when it reaches a replica that refuses connections (before the lag check
    // notices): the refused attempt, then the primary.
    const dead = databases.at(-1)!;
    const primary = await timed(() => dead.db.execute(sql`select 1`), RUNS);
    const fallback = await timed(() => dead.readDb.execute(sql`select 1`), RUNS);

    console.log(`\nMedian of ${RUNS} (after 3 warm-ups), De Berk's Beheerder, demo world, PostgreSQL 15\n`);
    console.log(['', 'replica usable', ...READS].join(' | '));
    for (const row of rows) console.log(row.join(' | '));
    console.log(
      `\nselect 1: primary ${primary.median.toFixed(2)} ms, through the read handle of an unreachable replica ` +
        `${fallback.median.toFixed(2)} ms (refused connection + primary)`,
    );
  } finally {
    for (const database of databases) await database.close().catch(() => {});
    await fresh.drop();
  }
}

await main();
