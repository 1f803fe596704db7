import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Person } from '@zorgportaal/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.ts';
import { openDatabase } from '../../db/client.ts';
import { migrationsFolder } from '../../db/migrations.ts';
import { copyToPostgres, type TableCount } from '../to-postgres.ts';
import { inTestTablespace } from '../../../../test/helpers/test-tablespace.ts';
import { apiAs } from '../../../../test/helpers/api.ts';
import { newPersonBody } from '../../../../test/helpers/persons.ts';
import { embeddedConfig } from '../../../../test/helpers/embedded-config.ts';
import { embeddedDataDir, TEST_SECRET_KEY } from '../../../../test/helpers/test-database.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

const configFor = (dataDir: string, databaseUrl?: string) =>
  embeddedConfig(dataDir, TEST_SECRET_KEY, databaseUrl);

// Runs once (the PGlite project) when a PostgreSQL server is available: the source is always embedded.
describe.skipIf(!adminUrl || process.env.TEST_DB === 'postgres')('embedded database → PostgreSQL', () => {
  const name = `zp_move_${randomBytes(5).toString('hex')}`;
  let targetUrl: string;
  let dataDir: string;
  let counts: TableCount[];
  let written: Person;
  let sourceDigests: Digest[];

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}${inTestTablespace()}`);
    await admin.end();
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    targetUrl = url.toString();

    dataDir = mkdtempSync(path.join(tmpdir(), 'zp-move-'));
    const source = await embeddedDataDir(dataDir, { seed: true });
    const app = await buildApp(configFor(dataDir), source, { logger: false });
    const beheerder = await apiAs(app, 'beheerder');
    written = (await beheerder.post('/api/person', newPersonBody('Verhuisd'))).json<Person>();
    await app.close();

    const target = await openDatabase(targetUrl);
    await target.migrate(migrationsFolder());
    await target.close();
    counts = await copyToPostgres(source.pglite!, targetUrl);
    sourceDigests = await digests((text) => source.pglite!.query<Digest>(text));
    await source.close();
  }, 180_000);

  afterAll(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('copies every table with equal row counts, the audit log included', () => {
    expect(counts.length).toBeGreaterThan(10);
    expect(counts.filter((c) => c.source !== c.target)).toEqual([]);
    expect(counts.find((c) => c.table === 'audit_log')!.target).toBeGreaterThan(0);
    expect(counts.find((c) => c.table === 'persons')!.target).toBeGreaterThan(10);
  });

  it('copies every row as it is, the tables that triggers derive (the day roll-up) included', async () => {
    const client = new pg.Client({ connectionString: targetUrl });
    await client.connect();
    try {
      const target = await digests((text) => client.query<Digest>(text));
      expect(target.filter((d) => d.table === 'administration_days' && d.rows > 0)).toHaveLength(1);
      expect(target).toEqual(sourceDigests);
    } finally {
      await client.end();
    }
  });

  it('serves the same data: logins work, the written person is there, new rows get fresh ids', async () => {
    const database = await openDatabase(targetUrl);
    const app = await buildApp(configFor('/tmp', targetUrl), database, { logger: false });
    try {
      const beheerder = await apiAs(app, 'beheerder');
      const read = await beheerder.get(`/api/person/${written.Id}`);
      expect(read.statusCode).toBe(200);
      const fresh = await beheerder.post('/api/person', newPersonBody('Nieuw'));
      expect(fresh.statusCode).toBeLessThan(300);
      expect(fresh.json<Person>().Id).toBeGreaterThan(written.Id);
    } finally {
      await app.close();
      await database.close();
    }
  }, 60_000);

  it('keeps the audit log append-only on PostgreSQL', async () => {
    const client = new pg.Client({ connectionString: targetUrl });
    await client.connect();
    try {
      await expect(client.query('update audit_log set outcome = outcome')).rejects.toThrow(/append-only/);
      await expect(copyToPostgres(await emptySource(), targetUrl)).rejects.toThrow(/not empty/);
    } finally {
      await client.end();
    }
  }, 60_000);
});

interface Digest {
  table: string;
  rows: number;
  digest: string;
}

/** Per public table (partitions under their parent): its row count and a digest of every row's content. */
async function digests(query: (text: string) => Promise<{ rows: Digest[] }>): Promise<Digest[]> {
  await query(`set timezone = 'UTC'`);
  const tables = await query(
    `select c.relname as table from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by c.relname`,
  );
  const result: Digest[] = [];
  for (const { table } of tables.rows) {
    const [row] = (
      await query(
        `select '${table}' as table, count(*)::int as rows,
                coalesce(md5(string_agg(to_jsonb(t)::text, '|' order by to_jsonb(t)::text)), '') as digest
           from "${table}" t`,
      )
    ).rows;
    result.push(row!);
  }
  return result;
}

/** A migrated empty embedded database: copying it onto the filled target must be refused. */
async function emptySource() {
  const db = await openDatabase('memory://');
  await db.migrate(migrationsFolder());
  return db.pglite!;
}
