/**
 * Bench: what a clock turn and a client's change cost a ward's kept Toedienlijst. When a round starts or an open
 * dose turns late, the list reads differently by the clock alone; an instance that kept the ward's answer turns
 * it to the new instant (clock-turn.ts: no database) instead of building it again. When a registration changed
 * one client, it reads and builds that client's part and patches the kept answer (list-answer.ts). In this
 * process, for the ward of 22 clients (88 moments) and of 60 (240): a build (the data statement, the list, the
 * contract check, JSON, gzip, as the instance's cache does it) against a turn of the kept answer (gunzip, turn,
 * JSON, gzip) and a patch for one client (gunzip, the client's statement and part, merge, JSON, gzip). Per answer: the
 * median time and this process's CPU time (on PostgreSQL the database's own work is in the build's time only;
 * on PGlite it is in this process). Also the gzip of the answer alone, as the cache does it (gzipSync) against
 * zlib's asynchronous gzip (a stream on the thread pool), both with this process's CPU: the whole-answer gzip the
 * cache used before 30 November 2026. On PGlite always, and on PostgreSQL when TEST_DATABASE_URL is set.
 * Run: npx tsx packages/server/bench/clock-turn.ts [runs=300]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip, gunzipSync, gzipSync } from 'node:zlib';
import { openDatabase } from '../src/platform/db/client.ts';
import { migrationsFolder } from '../src/platform/db/migrations.ts';
import { seedDemoWorld } from '../src/seed/demo-world.ts';
import { localDate } from '../src/platform/time.ts';
import { departmentsWithClients } from '../src/areas/medication/public.ts';
import {
  builtAnswer,
  clockTurns,
  LIST_VERSION_SHARDS,
  listVersionOf,
  patchedAnswer,
  turnedAnswer,
} from '../src/areas/administration/public.ts';
import { appAs } from './support/app-as.ts';
import { median, onEachDatabase } from './support/measure.ts';
import { seedWard } from './support/ward.ts';

const RUNS = Number(process.argv[2] ?? 300);

/** Median ms and CPU-ms per call of `call` over RUNS runs, after 5 warm-ups. */
async function perCall(call: () => Promise<unknown>) {
  for (let i = 0; i < 5; i++) await call();
  const times: number[] = [];
  const cpu = process.cpuUsage();
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await call();
    times.push(performance.now() - start);
  }
  const used = process.cpuUsage(cpu);
  return { ms: median(times), cpuMs: (used.user + used.system) / 1000 / RUNS };
}

async function measure(label: string, databaseUrl: string | undefined) {
  const dataDir = databaseUrl ? undefined : mkdtempSync(path.join(tmpdir(), 'zp-bench-clock-turn-'));
  const database = await openDatabase(databaseUrl ?? path.join(dataDir!, 'pglite'));
  try {
    await database.migrate(migrationsFolder());
    const secretKey = 'bench-secret-key-bench-secret-key-0123456789';
    await seedDemoWorld(database.db, { secretKey });
    const ids = [
      await seedWard(database.db, 'Afdeling Bench Ward', 22, 20000),
      await seedWard(database.db, 'Afdeling Bench Groot', 60, 20100),
    ];
    const { app } = await appAs(database, secretKey, 'verpleegkundige', databaseUrl);
    const wards = (await departmentsWithClients(database.db, 100)).filter((w) => ids.includes(w.Id));
    const day = localDate(new Date());
    const rows: string[] = [];
    for (const ward of wards) {
      const at = await listVersionOf(app, ward, day, true);
      const now = new Date();
      const kept = gzipSync((await builtAnswer(app, ward, day, now, at)).json);
      // The ward's next turn, as the instance meets it: the kept answer turned just after it.
      const next = new Date((clockTurns(JSON.parse(gunzipSync(kept).toString()).Moments)[0] ?? 0) + 1);
      const build = await perCall(async () => gzipSync((await builtAnswer(app, ward, day, next, at)).json));
      const turn = await perCall(async () => gzipSync(turnedAnswer(gunzipSync(kept).toString(), next).json));
      // A registration's client: the shard of the ward's first client.
      const shards = [JSON.parse(gunzipSync(kept).toString()).Moments[0].PatientId % LIST_VERSION_SHARDS];
      const patch = await perCall(async () => {
        const patched = await patchedAnswer(app, ward, day, next, at, gunzipSync(kept).toString(), shards);
        return gzipSync(patched!.json);
      });
      const json = gunzipSync(kept);
      const gzipAsync = await perCall(() => promisify(gzip)(json));
      const gzipInline = await perCall(async () => gzipSync(json));
      const cell = (m: { ms: number; cpuMs: number }) =>
        `${m.ms.toFixed(2)} ms (${m.cpuMs.toFixed(2)} CPU-ms)`;
      rows.push(
        `${label.padEnd(10)} ${ward.Name.padEnd(22)} build ${cell(build)}  turn ${cell(turn)}  ` +
          `patch ${cell(patch)}  of a build's time: turn ${((turn.ms / build.ms) * 100).toFixed(0)} %, ` +
          `patch ${((patch.ms / build.ms) * 100).toFixed(0)} %\n${''.padEnd(34)}gzip of the answer ` +
          `(${(json.length / 1024).toFixed(0)} KB): gzipSync ${cell(gzipInline)}, asynchronous ${cell(gzipAsync)}`,
      );
    }
    await app.close();
    return rows;
  } finally {
    await database.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

const rows = await onEachDatabase(measure, process.env.BENCH_ONLY);
console.log(
  `\na kept Toedienlijst turned by the clock and patched for one client, ${RUNS} runs each (median):`,
);
for (const row of rows.flat()) console.log(row);
