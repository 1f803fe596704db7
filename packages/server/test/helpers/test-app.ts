import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { DestinationStream } from 'pino';
import { inject } from 'vitest';
import { buildApp } from '../../src/app.ts';
import type { Config } from '../../src/platform/config.ts';
import { type Database, openDatabase } from '../../src/platform/db/client.ts';
import { migrationsFolder } from '../../src/platform/db/migrations.ts';
import { seedDemoWorld } from '../../src/seed/demo-world.ts';

export const TEST_SECRET_KEY = 'test-secret-key-test-secret-key-0123456789';

export interface TestApp {
  app: FastifyInstance;
  db: Database['db'];
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/** A fake web build, so SPA tests need no real `npm run build`. */
function fakeWebDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'zp-web-'));
  mkdirSync(path.join(dir, 'static', 'js'), { recursive: true });
  mkdirSync(path.join(dir, 'locales'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title>Zorgportaal</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(dir, 'static', 'js', 'app-abc123.js'), 'console.log("app");');
  // A chunk over 1 KB with the .br and .gz the web build writes next to it (precompress.mjs).
  const big = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `woord${i}`))};`;
  const bigFile = path.join(dir, 'static', 'js', 'big-def456.js');
  writeFileSync(bigFile, big);
  writeFileSync(`${bigFile}.br`, brotliCompressSync(big));
  writeFileSync(`${bigFile}.gz`, gzipSync(big));
  writeFileSync(path.join(dir, 'locales', 'nl.json'), JSON.stringify({ routes: { dashboard: 'Dashboard' } }));
  writeFileSync(path.join(dir, 'locales', 'en.json'), JSON.stringify({ routes: { dashboard: 'Dashboard' } }));
  return dir;
}

/** TEST_DB=postgres: a fresh database per test file on TEST_DATABASE_URL, dropped in close(). */
async function freshPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `zp_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** The real app on a fresh, migrated database with the demo world. One per test file (beforeAll). */
export async function buildTestApp(
  opts: {
    seed?: boolean;
    config?: Partial<Config>;
    /** Capture the app's log lines (at info level) instead of silencing it. */
    logStream?: DestinationStream;
    /** Extra routes or hooks to add before the app is ready. */
    extend?: (app: FastifyInstance) => void;
  } = {},
): Promise<TestApp> {
  const postgres = process.env.TEST_DB === 'postgres' ? await freshPostgres() : null;
  // PGlite starts from the migrated template of test/global-setup.ts; migrate() then finds nothing to do.
  const template = postgres ? '' : inject('pgliteTemplate');
  const database = await openDatabase(
    postgres?.url ?? 'memory://',
    template ? { loadDataDir: new Blob([readFileSync(template)]) } : {},
  );
  await database.migrate(migrationsFolder());
  if (opts.seed !== false) await seedDemoWorld(database.db, { secretKey: TEST_SECRET_KEY });
  const webDist = fakeWebDist();
  const config: Config = {
    port: 0,
    host: '127.0.0.1',
    dataDir: webDist,
    databaseUrl: postgres?.url,
    mailFrom: 'test@zorgportaal.example',
    publicUrl: 'http://127.0.0.1',
    secretKey: TEST_SECRET_KEY,
    demoData: true,
    logLevel: 'silent',
    webDist,
    ...opts.config,
  };
  const app = await buildApp(
    config,
    database,
    opts.logStream ? { logger: { level: 'info' }, logStream: opts.logStream } : { logger: false },
  );
  opts.extend?.(app);
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    config,
    async close() {
      await app.close();
      // A test may have closed the database already (outage tests).
      await database.close().catch(() => {});
      await postgres?.drop();
      rmSync(webDist, { recursive: true, force: true });
    },
  };
}
