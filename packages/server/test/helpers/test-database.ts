import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../../src/platform/db/client.ts';
import { migrationsFolder } from '../../src/platform/db/migrations.ts';
import { localDate } from '../../src/platform/time.ts';
import { seedDemoWorld } from '../../src/seed/demo-world.ts';
import { inTestTablespace } from './test-tablespace.ts';

export const TEST_SECRET_KEY = 'test-secret-key-test-secret-key-0123456789';
/**
 * A test file's embedded database. A PGlite instance zeroes its whole shared memory at start (a `memset` in
 * WebAssembly), so the buffer pool is kept small: 4MB took the API tests' CPU ~10 % below 16MB (and 16MB half
 * of PostgreSQL's default 128MB); the demo world's pages come from PGlite's in-memory files when not cached.
 */
const TEST_SHARED_BUFFERS = '4MB';
/**
 * A test's PostgreSQL connections wait as long as it takes. The run's two templates are made side by side in
 * one thread, and the embedded one blocks it in WebAssembly for up to 3 s at a time on a quiet machine (longer
 * under CI's load): a connection made meanwhile is only read after Node has run its due timers, so the
 * portal's 5 s made CI fail with "Connection terminated due to connection timeout" on a connection that was
 * there (test-database.test.ts shows it).
 */
const TEST_CONNECT_TIMEOUT_MS = 60_000;
const openTestPostgres = (name: string) =>
  openDatabase(databaseUrl(name), { connectTimeoutMs: TEST_CONNECT_TIMEOUT_MS });

/** Where each test file's database comes from (made once per run by test/global-setup.ts). */
export interface DatabaseTemplates {
  /** PGlite: a data directory tarball; PostgreSQL: a database name. Migrated, no rows. */
  migrated: string;
  /** The same, seeded with the demo world. */
  seeded: string;
  /** The local day of the seed: its moments, due dates and reviews are relative to that day. */
  seededOn: string;
  /**
   * What each API test file copies (`testDatabase`). PGlite: the two above without the template0 and
   * template1 databases (no test creates a database on PGlite), a third smaller and loaded in two thirds of
   * the time; the full ones stay for what works on a whole data directory (`embeddedDataDir`). PostgreSQL:
   * the same two names.
   */
  copies: { migrated: string; seeded: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

/** Migrates and seeds once, for the whole run; `cleanup` removes the templates at its end. */
export async function makeTemplates(
  db: 'pglite' | 'postgres',
): Promise<DatabaseTemplates & { cleanup(): Promise<void> }> {
  const seededOn = localDate(new Date());
  if (db === 'postgres') {
    const templates = await postgresTemplates();
    return { ...templates, seededOn, copies: { migrated: templates.migrated, seeded: templates.seeded } };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'zp-pglite-template-'));
  // Small WAL segments: the copy each test file loads shrinks from 40 to 30 MB (an empty cluster), and
  // loading it takes about half the time. Nothing a test checks depends on the segment size.
  const database = await openDatabase('memory://', { initdbArgs: ['--wal-segsize=1'] });
  const dump = async ({ pglite }: Database, name: string) => {
    const file = path.join(dir, name);
    // Written to the data files, so a copy starts without replaying the write-ahead log.
    await pglite!.exec('CHECKPOINT');
    const data = await pglite!.dumpDataDir('none');
    writeFileSync(file, Buffer.from(await data.arrayBuffer()));
    return file;
  };
  await database.migrate(migrationsFolder());
  const migrated = await dump(database, 'migrated.tar');
  await seedDemoWorld(database.db, { secretKey: TEST_SECRET_KEY });
  const seeded = await dump(database, 'seeded.tar');
  await withoutTemplateDatabases(database);
  const seededCopy = await dump(database, 'seeded-copy.tar');
  await database.close();
  const plain = await openDatabase('memory://', { loadDataDir: new Blob([readFileSync(migrated)]) });
  await withoutTemplateDatabases(plain);
  const migratedCopy = await dump(plain, 'migrated-copy.tar');
  await plain.close();
  return {
    migrated,
    seeded,
    seededOn,
    copies: { migrated: migratedCopy, seeded: seededCopy },
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Drops template0 and template1 (a cluster keeps them only to create databases from). */
async function withoutTemplateDatabases({ pglite }: Database): Promise<void> {
  await pglite!.exec(
    `UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')`,
  );
  // One statement per call: DROP DATABASE refuses to run inside the implicit transaction of a batch.
  await pglite!.exec('DROP DATABASE template0');
  await pglite!.exec('DROP DATABASE template1');
}

/** Two databases of this run (its own names: other runs may use the same server at the same time). */
async function postgresTemplates() {
  const prefix = `zp_template_${randomBytes(4).toString('hex')}`;
  const migrated = `${prefix}_migrated`;
  const seeded = `${prefix}_seeded`;
  await adminQuery(`CREATE DATABASE ${migrated}${inTestTablespace()}`);
  const plain = await openTestPostgres(migrated);
  await plain.migrate(migrationsFolder());
  await plain.close();
  await adminQuery(`CREATE DATABASE ${seeded} TEMPLATE ${migrated}${inTestTablespace()}`);
  const demo = await openTestPostgres(seeded);
  await seedDemoWorld(demo.db, { secretKey: TEST_SECRET_KEY });
  await demo.close();
  return {
    migrated,
    seeded,
    async cleanup() {
      await adminQuery(`DROP DATABASE IF EXISTS ${seeded} WITH (FORCE)`);
      await adminQuery(`DROP DATABASE IF EXISTS ${migrated} WITH (FORCE)`);
    },
  };
}

export interface TestDatabase {
  database: Database;
  /** PostgreSQL only: the copy's URL (a second app instance may open it too). */
  url?: string;
  /** Closes the database (if still open) and drops the PostgreSQL copy. */
  close(): Promise<void>;
}

const tarballs = new Map<string, Blob>();

/**
 * The template's bytes, read once per worker (the files of a worker share this module: isolate false). PGlite
 * reads a tarball only through `arrayBuffer()` and copies the files out of it, so every copy can read the same
 * bytes: a Blob's `arrayBuffer()` copies all 24 MB again in chunks, about a third of a copy's CPU. A test
 * (`test-database.test.ts`) checks that a copy's writes leave the bytes, and the next copy, unchanged.
 */
export function templateTarball(file: string): Blob {
  let tarball = tarballs.get(file);
  if (!tarball) {
    const bytes = readFileSync(file);
    const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    tarball = { type: '', size: buffer.byteLength, arrayBuffer: async () => buffer } as Blob;
    tarballs.set(file, tarball);
  }
  return tarball;
}

/**
 * A database of this test file alone: a copy of the run's seeded template (well under a second), or of the
 * migrated one with `seed: false`. A run that crosses midnight seeds the copy again, for the new day.
 */
export async function testDatabase(opts: { seed: boolean }): Promise<TestDatabase> {
  const templates = inject('databaseTemplates');
  const fresh = opts.seed && templates.seededOn !== localDate(new Date());
  const template = opts.seed && !fresh ? templates.copies.seeded : templates.copies.migrated;
  let result: TestDatabase;
  if (process.env.TEST_DB === 'postgres') {
    const name = `zp_test_${randomBytes(6).toString('hex')}`;
    // FILE_COPY copies the files instead of writing every page of the template to the WAL (WAL_LOG, the
    // default): no 8 MB of WAL per copy for the standby to replay, and the copy's DROP DATABASE, whose
    // checkpoint otherwise writes those pages out, takes a third of the time.
    await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${template}${inTestTablespace()} STRATEGY FILE_COPY`);
    const database = await openTestPostgres(name);
    result = {
      database,
      url: databaseUrl(name),
      async close() {
        await database.close().catch(() => {});
        await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      },
    };
  } else {
    // One read per worker: the files of a worker share this module (isolate: false).
    const database = await openDatabase('memory://', {
      loadDataDir: templateTarball(template),
      sharedBuffers: TEST_SHARED_BUFFERS,
    });
    // A test may have closed the database already (outage tests).
    result = { database, close: () => database.close().catch(() => {}) };
  }
  if (fresh) await seedDemoWorld(result.database.db, { secretKey: TEST_SECRET_KEY });
  return result;
}

/** An empty database (no migrations) of this test file alone, on the project's database (migration tests). */
export async function emptyDatabase(): Promise<TestDatabase> {
  if (process.env.TEST_DB !== 'postgres') {
    const database = await openDatabase('memory://');
    return { database, close: () => database.close().catch(() => {}) };
  }
  const name = `zp_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}${inTestTablespace()}`);
  const database = await openTestPostgres(name);
  return {
    database,
    url: databaseUrl(name),
    async close() {
      await database.close().catch(() => {});
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * An embedded data directory on disk as the portal keeps it (`DATA_DIR/pglite` and `DATA_DIR/secret.key`),
 * holding a copy of the run's seeded (or, with `seed: false`, migrated) template: for what works on a data directory (backups, restore, the move
 * to PostgreSQL, a killed process). Embedded test project only.
 */
export async function embeddedDataDir(dataDir: string, opts: { seed: boolean }): Promise<Database> {
  const templates = inject('databaseTemplates');
  if (process.env.TEST_DB === 'postgres') throw new Error('embeddedDataDir needs the embedded test project');
  writeFileSync(path.join(dataDir, 'secret.key'), `${TEST_SECRET_KEY}\n`);
  const fresh = opts.seed && templates.seededOn !== localDate(new Date());
  const tarball = new Blob([readFileSync(opts.seed && !fresh ? templates.seeded : templates.migrated)]);
  const database = await openDatabase(path.join(dataDir, 'pglite'), { loadDataDir: tarball });
  if (fresh) await seedDemoWorld(database.db, { secretKey: TEST_SECRET_KEY });
  return database;
}

function databaseUrl(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  return url;
}

/**
 * One statement on a connection of its own. A copy of a template the run just closed may find the template's
 * last backend still exiting (PostgreSQL waits 5 s for it, and a busy CI machine can take longer): a source
 * database in use (55006) is tried again for up to half a minute instead of failing the run's setup.
 */
async function adminQuery(statement: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await adminStatement(statement);
    } catch (err) {
      if ((err as { code?: string }).code !== '55006' || attempt >= 30) throw err;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

async function adminStatement(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
