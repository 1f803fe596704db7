/**
 * Bench: what compressing an API answer costs, per answer, the two ways @fastify/compress can do it: a zlib
 * stream (the work on libuv's thread pool, the default above its `syncThreshold`) or one synchronous call in the
 * request's thread (platform/plugins/compression.ts sets the threshold). The answers are the demo world's as a
 * browser gets them (Brotli quality 4, gzip level 6 as the fallback), on the embedded database. CPU is this
 * process's, all threads. Run: npx tsx packages/server/bench/compress-answer.ts [runs=2000]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  brotliCompressSync,
  constants,
  createBrotliCompress,
  createGzip,
  gzipSync,
  type BrotliCompress,
  type Gzip,
} from 'node:zlib';
import { openDatabase } from '../src/platform/db/client.ts';
import { migrationsFolder } from '../src/platform/db/migrations.ts';
import { BROTLI_QUALITY, GZIP_LEVEL } from '../src/platform/plugins/compression.ts';
import { seedDemoWorld } from '../src/seed/demo-world.ts';
import { appAs } from './support/app-as.ts';

const RUNS = Number(process.argv[2] ?? 2000);
const brotli = { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } };

/** The body through a fresh zlib stream, as the plugin's stream path does it. */
const viaStream = (body: Buffer, stream: BrotliCompress | Gzip) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
    Readable.from([body]).pipe(stream);
  });

/** CPU-ms per call, all threads, after 100 warm-ups. */
async function cpuPerCall(call: () => unknown): Promise<number> {
  for (let i = 0; i < 100; i++) await call();
  const start = process.cpuUsage();
  for (let i = 0; i < RUNS; i++) await call();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / RUNS;
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'zp-bench-compress-'));
const database = await openDatabase(path.join(dataDir, 'pglite'));
try {
  await database.migrate(migrationsFolder());
  const secretKey = 'bench-secret-key-bench-secret-key-0123456789';
  await seedDemoWorld(database.db, { secretKey });
  const { app, auth } = await appAs(database, secretKey, 'beheerder');
  console.log(
    `\ncompressing an answer, CPU-ms per answer over ${RUNS} runs (stream → one synchronous call):`,
  );
  for (const [call, url] of [
    ['client list', '/api/patients?limit=100'],
    ['person list, 100 a page', '/api/personinfo?pageSize=100'],
    ['Logboek, first page', '/api/log'],
  ] as const) {
    const res = await app.inject({ method: 'GET', url, headers: auth });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
    const body = res.rawPayload;
    const br = [
      await cpuPerCall(() => viaStream(body, createBrotliCompress(brotli))),
      await cpuPerCall(() => brotliCompressSync(body, brotli)),
    ];
    const gz = [
      await cpuPerCall(() => viaStream(body, createGzip({ level: GZIP_LEVEL }))),
      await cpuPerCall(() => gzipSync(body, { level: GZIP_LEVEL })),
    ];
    const cell = ([stream, sync]: number[]) => `${stream!.toFixed(3)} → ${sync!.toFixed(3)}`;
    console.log(
      `${call.padEnd(24)} ${(body.length / 1024).toFixed(1).padStart(6)} KB  Brotli ${cell(br)}  gzip ${cell(gz)}`,
    );
  }
  await app.close();
} finally {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
