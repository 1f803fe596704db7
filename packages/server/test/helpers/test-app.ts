import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { buildApp } from '../../src/app.ts';
import type { Config } from '../../src/platform/config.ts';
import type { Database } from '../../src/platform/db/client.ts';
import { TEST_SECRET_KEY, testDatabase } from './test-database.ts';

export { TEST_SECRET_KEY };

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

/** The real app on a database of its own with the demo world. One per test file (beforeAll). */
export async function buildTestApp(
  opts: {
    /** false: a migrated database without rows, for a test that seeds its own. */
    seed?: boolean;
    config?: Partial<Config>;
    /** Capture the app's log lines (at info level) instead of silencing it. */
    logStream?: DestinationStream;
    /** Extra routes or hooks to add before the app is ready. */
    extend?: (app: FastifyInstance) => void;
  } = {},
): Promise<TestApp> {
  const copy = await testDatabase({ seed: opts.seed !== false });
  const { database } = copy;
  const webDist = fakeWebDist();
  const config: Config = {
    port: 0,
    host: '127.0.0.1',
    dataDir: webDist,
    databaseUrl: copy.url,
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
      await copy.close();
      rmSync(webDist, { recursive: true, force: true });
    },
  };
}
