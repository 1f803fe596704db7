import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import type { Person } from '@zorgportaal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { migrationsFolder } from '../../db/migrations.ts';
import { pruneBackups } from '../backup.ts';
import { openFailure, readBackupStatus, recordBackupOutcome } from '../backup-status.ts';
import { requestBackup } from '../control-channel.ts';
import { startEmbeddedBackups } from '../embedded-backups.ts';
import { restoreArchive } from '../restore.ts';
import { apiAs } from '../../../../test/helpers/api.ts';
import { newPersonBody } from '../../../../test/helpers/persons.ts';
import { embeddedConfig } from '../../../../test/helpers/embedded-config.ts';
import { embeddedDataDir, TEST_SECRET_KEY } from '../../../../test/helpers/test-database.ts';
import { builtServer } from '../../../../test/helpers/built-server.ts';

const run = promisify(execFile);
const SECRET = TEST_SECRET_KEY;
/** The operator's BACKUP_KEY, as the environment carries it (64 hex characters). */
const BACKUP_KEY_HEX = 'a1'.repeat(32);
const BACKUP_KEY = Buffer.from(BACKUP_KEY_HEX, 'hex');

/** Runs one of the operator's commands as the operator would (a child process of the built server), with DATA_DIR set. */
const cli = async (name: string, args: string[], dataDir: string) =>
  run(process.execPath, [path.join(await builtServer(), 'cli', `${name}.js`), ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', BACKUP_KEY: BACKUP_KEY_HEX },
  }).then(
    (r) => ({ code: 0, out: r.stdout, err: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout, err: e.stderr }),
  );

const tempDir = () => mkdtempSync(path.join(tmpdir(), 'zp-ops-'));

/** Names of persons in a restored data directory. */
async function lastNamesIn(dataDir: string): Promise<Set<string>> {
  const client = await PGlite.create(path.join(dataDir, 'pglite'));
  try {
    const rows = await client.query<{ last_name: string }>('select last_name from persons');
    return new Set(rows.rows.map((r) => r.last_name));
  } finally {
    await client.close();
  }
}

// The embedded database only: on PostgreSQL operators use pg_dump and PITR (the command refuses).
describe.skipIf(process.env.TEST_DB === 'postgres')('backups of the embedded database', () => {
  let dataDir: string;
  let database: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let stopBackups: () => Promise<void>;
  let archive: string;
  const acknowledged: string[] = [];
  const dirs: string[] = [];

  beforeAll(async () => {
    dataDir = tempDir();
    database = await embeddedDataDir(dataDir, { seed: true });
    const config = embeddedConfig(dataDir, SECRET);
    app = await buildApp(config, database, { logger: false });
    await app.ready();
    stopBackups = await startEmbeddedBackups({
      client: database.pglite!,
      dataDir,
      secretKey: SECRET,
      backupKey: BACKUP_KEY,
      intervalMs: 0,
      keep: 14,
      log: app.log,
    });
  }, 120_000);

  afterAll(async () => {
    await stopBackups?.();
    await app?.close();
    await database?.close();
    for (const dir of [dataDir, ...dirs]) rmSync(dir, { recursive: true, force: true });
  });

  it('takes a backup while a writer writes: every write acknowledged before it started is in the archive', async () => {
    const admin = await apiAs(app, 'beheerder');
    let writing = true;
    let n = 0;
    const writer = (async () => {
      while (writing) {
        const name = `Schrijver${++n}`;
        const res = await admin.post('/api/person', newPersonBody(name));
        if (res.statusCode === 201 || res.statusCode === 200) acknowledged.push(name);
      }
    })();
    while (acknowledged.length < 15) await new Promise((r) => setTimeout(r, 20));
    const before = [...acknowledged];
    archive = await requestBackup(dataDir);
    const during = acknowledged.length;
    writing = false;
    await writer;

    expect(path.dirname(archive)).toBe(path.join(dataDir, 'backups'));
    expect(path.basename(archive)).toMatch(/^zorgportaal-\d{8}T\d{6}Z\.tar\.gz\.enc$/);
    expect(during).toBeGreaterThan(before.length); // the portal kept serving writes around the backup

    const restored = tempDir();
    dirs.push(restored);
    rmSync(restored, { recursive: true });
    const result = await restoreArchive(archive, restored, BACKUP_KEY);
    expect(result.manifest.migrations).toBeGreaterThan(0);
    const names = await lastNamesIn(restored);
    expect(before.filter((name) => !names.has(name))).toEqual([]);
    expect(readFileSync(path.join(restored, 'secret.key'), 'utf8').trim()).toBe(SECRET);
    const status = await readBackupStatus(path.join(dataDir, 'backups'));
    expect(status.lastSuccessAt).toBeDefined();
    expect(openFailure(status)).toBeNull();
  }, 120_000);

  it('a restored directory serves the demo world with its audit log intact and still append-only', async () => {
    const restored = dirs[0]!;
    const db = await openDatabase(path.join(restored, 'pglite'));
    try {
      await db.migrate(migrationsFolder());
      const config = embeddedConfig(restored, SECRET);
      const restoredApp = await buildApp(config, db, { logger: false });
      const nurse = await apiAs(restoredApp, 'verpleegkundige');
      expect((await nurse.get('/api/account/profile')).statusCode).toBe(200);
      const audit = await db.pglite!.query<{ n: number }>('select count(*)::int as n from audit_log');
      expect(audit.rows[0]!.n).toBeGreaterThan(0);
      await expect(db.pglite!.exec('update audit_log set outcome = outcome')).rejects.toThrow(/append-only/);
      await restoredApp.close();
    } finally {
      await db.close();
    }
  }, 120_000);

  it('refuses a non-empty directory without --force', async () => {
    const occupied = tempDir();
    dirs.push(occupied);
    writeFileSync(path.join(occupied, 'keep.txt'), 'old');
    await expect(restoreArchive(archive, occupied, BACKUP_KEY)).rejects.toThrow(/not empty/);
    const forced = await restoreArchive(archive, occupied, BACKUP_KEY, true);
    expect(readFileSync(path.join(forced.movedAside!, 'keep.txt'), 'utf8')).toBe('old');
    dirs.push(forced.movedAside!);
  }, 120_000);

  it("shows a failed backup to the operator organisation's Beheerders only; everyone else gets 404", async () => {
    const backups = path.join(dataDir, 'backups');
    await recordBackupOutcome(backups, false, new Date('2099-01-01T02:00:00Z'));
    const status = (user: string) => apiAs(app, user).then((api) => api.get('/api/operations/backup-status'));
    // The first organisation of the installation (Apotheek De Linde in the demo world) runs it.
    const operator = await status('apotheker');
    expect(operator.statusCode).toBe(200);
    expect(operator.json()).toEqual({ FailedAt: '2099-01-01T02:00:00.000Z' });
    // Same organisation but not a Beheerder, and a Beheerder of another organisation: not theirs to see.
    for (const user of ['assistent', 'beheerder', 'verpleegkundige']) {
      const res = await status(user);
      expect(res.statusCode, user).toBe(404);
      expect(res.body, user).not.toContain('2099');
    }
    await recordBackupOutcome(backups, true, new Date('2099-01-01T03:00:00Z'));
    expect((await status('apotheker')).json()).toEqual({ FailedAt: null }); // a later success clears it
  });

  it('keeps only the newest BACKUP_KEEP archives', async () => {
    const dir = tempDir();
    dirs.push(dir);
    for (const stamp of ['20260101T000000Z', '20260102T000000Z', '20260103T000000Z'])
      writeFileSync(path.join(dir, `zorgportaal-${stamp}.tar.gz.enc`), 'x');
    await pruneBackups(dir, 2);
    expect(readdirSync(dir).sort()).toEqual([
      'zorgportaal-20260102T000000Z.tar.gz.enc',
      'zorgportaal-20260103T000000Z.tar.gz.enc',
    ]);
  });

  it('npm run backup asks the running portal; npm run restore refuses a damaged archive and restores a good one', async () => {
    const backup = await cli('backup', [], dataDir);
    expect(backup.code).toBe(0);
    const file = backup.out.trim();
    expect(existsSync(file)).toBe(true);

    const damagedDir = tempDir();
    dirs.push(damagedDir);
    const damaged = path.join(damagedDir, path.basename(file));
    const bytes = readFileSync(file);
    bytes.writeUInt8(bytes.readUInt8(100) ^ 0x01, 100);
    writeFileSync(damaged, bytes);
    const target = path.join(tempDir(), 'data');
    dirs.push(path.dirname(target));
    const refused = await cli('restore', [damaged], target);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/failed authentication: it was changed or damaged\. Nothing restored/);
    expect(existsSync(target)).toBe(false);

    const restored = await cli('restore', [file], target);
    expect(restored.code).toBe(0);
    expect((await lastNamesIn(target)).has(acknowledged[0]!)).toBe(true);
  }, 120_000);
});

describe.skipIf(process.env.TEST_DB === 'postgres')('scheduled backups', () => {
  it('vacuums and backs up on the schedule into DATA_DIR/backups, and a slow VACUUM starts no second run', async () => {
    const dataDir = tempDir();
    const database = await embeddedDataDir(dataDir, { seed: false });
    const pglite = database.pglite!;
    let vacuums = 0;
    let backups = 0;
    // The real database, with each VACUUM taking four intervals, as on a slow machine.
    const client = new Proxy(pglite, {
      get(target, prop) {
        if (prop === 'exec')
          return async (query: string) => {
            if (query.startsWith('VACUUM')) {
              vacuums++;
              await new Promise((r) => setTimeout(r, 200));
            }
            if (query === 'CHECKPOINT') backups++;
            return target.exec(query);
          };
        const value: unknown = Reflect.get(target, prop, target);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    const log = { info: () => {}, warn: () => {}, error: () => {} } as unknown as Parameters<
      typeof startEmbeddedBackups
    >[0]['log'];
    const stop = await startEmbeddedBackups({
      client,
      dataDir,
      secretKey: SECRET,
      backupKey: BACKUP_KEY,
      intervalMs: 50,
      keep: 14,
      log,
    });
    const backupsDir = path.join(dataDir, 'backups');
    const archives = () =>
      (existsSync(backupsDir) ? readdirSync(backupsDir) : []).filter((f) => f.endsWith('.tar.gz.enc'));
    try {
      // A busy CI machine may need a while for the first VACUUM and dump: wait up to 90 s.
      for (let i = 0; i < 360 && (backups < 2 || archives().length === 0); i++)
        await new Promise((r) => setTimeout(r, 250));
      expect(archives().length).toBeGreaterThan(0);
      expect(backups).toBeGreaterThanOrEqual(2);
      const vacuumed = await pglite.query<{ n: number }>(
        'select count(*)::int as n from pg_stat_user_tables where vacuum_count > 0',
      );
      expect(vacuumed.rows[0]!.n).toBeGreaterThan(0);
    } finally {
      await stop();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
    // One VACUUM per run, and at most one run still going when the last backup started.
    expect(vacuums).toBeLessThanOrEqual(backups + 1);
  }, 150_000);
});

describe('npm run backup on PostgreSQL', () => {
  it('says to use pg_dump and exits non-zero', async () => {
    const res = await run(process.execPath, [path.join(await builtServer(), 'cli', 'backup.js')], {
      env: { ...process.env, DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' },
    }).catch((e: { code: number; stderr: string }) => e);
    expect((res as { code: number }).code).toBe(1);
    expect((res as { stderr: string }).stderr).toMatch(/pg_dump/);
  });
});

export type { Person };
