/**
 * Bench: the audit writer (platform/audit.ts, `createAuditWriter`) as the first views of many sessions use it:
 * `writers` concurrent writers, each writing one list view at a time and awaiting its commit (the micro-batches
 * form by themselves), for `seconds`. Prints entries a second and this process's CPU per entry, on PGlite (a
 * data directory on disk) and, with TEST_DATABASE_URL, PostgreSQL. No goal: it compares ways of writing them.
 * Run: npx tsx packages/server/bench/audit-writes.ts [writers=16] [seconds=5]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cpuUsage } from 'node:process';
import { AUDIT_ACTIONS, AUDIT_OBJECTS } from '@zorgportaal/contract';
import { createAuditWriter } from '../src/platform/audit.ts';
import { openDatabase } from '../src/platform/db/client.ts';
import { migrationsFolder } from '../src/platform/db/migrations.ts';
import { onEachDatabase } from './support/measure.ts';

const WRITERS = Number(process.argv[2] ?? 16);
const SECONDS = Number(process.argv[3] ?? 5);
const WARM_UP_MS = 2000;

/** The view of ward `n % 100` by user `n % 50`, naming a ward's 22 clients: a distinct key each time. */
const viewRow = (n: number) => ({
  action: AUDIT_ACTIONS.read,
  outcome: 'success',
  userId: 1 + (n % 50),
  username: `bench${n % 50}`,
  role: 'Verpleegkundige',
  entityId: 1 + (n % 7),
  ip: '127.0.0.1',
  objectType: AUDIT_OBJECTS.administration_list,
  objectId: String(n % 100),
  relatedPatientIds: Array.from({ length: 22 }, (_, i) => 1 + i),
  viewKey: `bench-view-${n}`,
  detail: { date: '2026-11-30' },
});

async function measure(label: string, databaseUrl: string | undefined) {
  const dataDir = databaseUrl ? undefined : mkdtempSync(path.join(tmpdir(), 'zp-bench-audit-'));
  const database = await openDatabase(databaseUrl ?? path.join(dataDir!, 'pglite'));
  try {
    await database.migrate(migrationsFolder());
    const writer = createAuditWriter(database.db);
    let next = 0;
    const run = async (ms: number) => {
      let written = 0;
      const until = Date.now() + ms;
      await Promise.all(
        Array.from({ length: WRITERS }, async () => {
          while (Date.now() < until) {
            await writer.write([viewRow(next++)]);
            written++;
          }
        }),
      );
      return written;
    };
    await run(WARM_UP_MS);
    const cpu = cpuUsage();
    const written = await run(SECONDS * 1000);
    const used = cpuUsage(cpu);
    return {
      database: label,
      'entries/s': Math.round(written / SECONDS),
      'CPU ms/entry': Number(((used.user + used.system) / 1000 / written).toFixed(3)),
    };
  } finally {
    await database.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

const rows = await onEachDatabase(measure, process.env.BENCH_ONLY);
console.log(`The audit writer: ${WRITERS} writers, one view entry each at a time, ${SECONDS} s`);
console.table(rows);
