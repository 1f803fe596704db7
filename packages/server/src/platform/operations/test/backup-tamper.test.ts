import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { readArchive, writeArchive, type ArchiveContents } from '../archive.ts';
import { openFailure, readBackupStatus } from '../backup-status.ts';
import { requestBackup } from '../control-channel.ts';
import { startEmbeddedBackups } from '../embedded-backups.ts';
import { restoreArchive } from '../restore.ts';
import { tempDirs } from '../../../../test/helpers/temp-dirs.ts';

const KEY = Buffer.from('5c'.repeat(32), 'hex');
const OTHER_KEY = Buffer.from('c5'.repeat(32), 'hex');
const SECRET = 'tamper-test-secret-key-do-not-leak-0123456789';
const HEADER = 8 + 1 + 32 + 16;

const tempDir = tempDirs('zp-tamper-');

/** The records of an archive: [start, end) byte offsets after the header. */
function records(bytes: Buffer): [number, number][] {
  const out: [number, number][] = [];
  for (let at = HEADER; at < bytes.length;) {
    const end = at + 5 + bytes.readUInt32BE(at + 1) + 16;
    out.push([at, end]);
    at = end;
  }
  return out;
}

describe('encrypted backup archives', () => {
  // Random bytes do not compress: the archive spans several 64 KB records.
  const pgdata = randomBytes(300 * 1024);
  const contents: ArchiveContents = {
    manifest: { format: 1, createdAt: '2026-11-26T02:00:00.000Z', migrations: 7 },
    pgdata,
    secretKey: SECRET,
  };
  let archive: string;
  let bytes: Buffer;

  beforeAll(async () => {
    archive = await writeArchive(tempDir(), contents, KEY, new Date('2026-11-26T02:00:00Z'));
    bytes = readFileSync(archive);
  });

  /** Writes a changed copy and returns what reading it throws. */
  const readChanged = async (changed: Buffer) => {
    const file = path.join(tempDir(), path.basename(archive));
    writeFileSync(file, changed);
    return readArchive(file, KEY).then(
      () => null,
      (err: Error) => err.message,
    );
  };

  it('holds neither the secret key nor the database in plain form, and reads back with the key', async () => {
    expect(path.basename(archive)).toBe('zorgportaal-20261126T020000Z.tar.gz.enc');
    expect(bytes.subarray(0, 8).toString('ascii')).toBe('ZPBACKUP');
    expect(bytes.includes(Buffer.from(SECRET))).toBe(false);
    expect(bytes.includes(pgdata.subarray(1000, 1064))).toBe(false);
    expect(bytes.includes(Buffer.from('manifest.json'))).toBe(false);
    // No gzip stream in the clear where the first record's payload starts. (Searching the
    // whole file for the three magic bytes would find them by chance in ~2 % of runs.)
    expect(bytes.subarray(HEADER + 5, HEADER + 8).equals(Buffer.from([0x1f, 0x8b, 0x08]))).toBe(false);
    expect(records(bytes).length).toBeGreaterThan(3);
    const back = await readArchive(archive, KEY);
    expect(back.secretKey).toBe(SECRET);
    expect(back.manifest).toEqual(contents.manifest);
    expect(back.pgdata.equals(pgdata)).toBe(true);
  });

  it('refuses one changed byte anywhere in a record', async () => {
    for (const at of [HEADER + 3, HEADER + 10, Math.floor(bytes.length / 2), bytes.length - 1]) {
      const changed = Buffer.from(bytes);
      changed[at] = changed[at]! ^ 0x01;
      expect(await readChanged(changed), `byte ${at}`).toMatch(/changed or damaged|incomplete/);
    }
  });

  it('refuses a changed header: another format, another salt', async () => {
    const magic = Buffer.from(bytes);
    magic[0] = 0x58;
    expect(await readChanged(magic)).toMatch(/is not an encrypted Zorgportaal backup/);
    const salt = Buffer.from(bytes);
    salt[12] = salt[12]! ^ 0x80;
    expect(await readChanged(salt)).toMatch(/another BACKUP_KEY, or its header was changed/);
  });

  it('refuses an archive made (or re-made after changing its manifest) with another key', async () => {
    const forged = await writeArchive(
      tempDir(),
      { ...contents, manifest: { ...contents.manifest, migrations: 999 } },
      OTHER_KEY,
    );
    await expect(readArchive(forged, KEY)).rejects.toThrow(/made with another BACKUP_KEY/);
  });

  it('refuses a truncated archive: the final record dropped, or cut inside a record', async () => {
    const all = records(bytes);
    const withoutFinal = bytes.subarray(0, all.at(-1)![0]);
    expect(await readChanged(withoutFinal)).toMatch(/is incomplete: its end is missing/);
    const cut = bytes.subarray(0, all[1]![0] + 100);
    expect(await readChanged(cut)).toMatch(/is incomplete: its end is missing/);
    expect(await readChanged(bytes.subarray(0, HEADER))).toMatch(/is incomplete: its end is missing/);
  });

  it('refuses reordered records, a record marked final early, and bytes after the end', async () => {
    const all = records(bytes);
    const [a, b] = [all[1]!, all[2]!];
    const swapped = Buffer.concat([
      bytes.subarray(0, a[0]),
      bytes.subarray(b[0], b[1]),
      bytes.subarray(a[0], a[1]),
      bytes.subarray(b[1]),
    ]);
    expect(await readChanged(swapped)).toMatch(/changed or damaged/);

    const early = Buffer.from(bytes.subarray(0, all[1]![1]));
    early[all[1]![0]] = 1; // the final flag on the second record, the rest dropped
    expect(await readChanged(early)).toMatch(/changed or damaged/);

    const dropped = Buffer.concat([bytes.subarray(0, a[0]), bytes.subarray(a[1])]);
    expect(await readChanged(dropped)).toMatch(/changed or damaged/);

    expect(await readChanged(Buffer.concat([bytes, Buffer.from('extra')]))).toMatch(/changed or damaged/);
  });

  it('a restore of a tampered archive changes nothing: the target is neither created nor moved aside', async () => {
    const changed = Buffer.from(bytes);
    changed[HEADER + 20] = changed[HEADER + 20]! ^ 0xff;
    const file = path.join(tempDir(), 'tampered.tar.gz.enc');
    writeFileSync(file, changed);
    const parent = tempDir();
    const fresh = path.join(parent, 'data');
    await expect(restoreArchive(file, fresh, KEY)).rejects.toThrow(/Nothing restored/);
    expect(existsSync(fresh)).toBe(false);

    const occupied = tempDir();
    writeFileSync(path.join(occupied, 'keep.txt'), 'old');
    await expect(restoreArchive(file, occupied, KEY, true)).rejects.toThrow(/Nothing restored/);
    expect(readdirSync(occupied)).toEqual(['keep.txt']);
    expect(
      readdirSync(path.dirname(occupied)).filter((n) =>
        n.startsWith(`${path.basename(occupied)}.before-restore`),
      ),
    ).toEqual([]);
    await expect(restoreArchive(archive, fresh, undefined)).rejects.toThrow(/BACKUP_KEY is not set/);
    expect(existsSync(fresh)).toBe(false);
  });
});

describe('BACKUP_KEY', () => {
  it('accepts 64 hex characters or base64 of 32 bytes, and refuses anything else naming the variable', () => {
    const env = { DATA_DIR: tempDir() };
    const hex = loadConfig({ ...env, BACKUP_KEY: 'ab'.repeat(32) });
    expect(hex.backupKey?.equals(Buffer.from('ab'.repeat(32), 'hex'))).toBe(true);
    const b64 = randomBytes(32);
    expect(loadConfig({ ...env, BACKUP_KEY: b64.toString('base64') }).backupKey?.equals(b64)).toBe(true);
    expect(loadConfig({ ...env, BACKUP_KEY: b64.toString('base64url') }).backupKey?.equals(b64)).toBe(true);
    expect(loadConfig(env).backupKey).toBeUndefined();
    for (const bad of ['geheim', 'ab'.repeat(31), randomBytes(16).toString('base64')])
      expect(() => loadConfig({ ...env, BACKUP_KEY: bad })).toThrow(
        /^Invalid configuration: BACKUP_KEY must be/,
      );
  });

  describe.skipIf(process.env.TEST_DB === 'postgres')('without it', () => {
    it('the portal refuses every backup with a clear reason, logged and shown as a failed backup', async () => {
      const dataDir = tempDir();
      const lines: { level: string; msg: string; reason?: string }[] = [];
      const logAt = (level: string) => (obj: object | string, msg?: string) =>
        lines.push(typeof obj === 'string' ? { level, msg: obj } : { level, msg: msg ?? '', ...obj });
      const log = {
        info: logAt('info'),
        warn: logAt('warn'),
        error: logAt('error'),
      } as unknown as Parameters<typeof startEmbeddedBackups>[0]['log'];
      const stop = await startEmbeddedBackups({
        // Never touched: the backup is refused before the database is read.
        client: {} as PGlite,
        dataDir,
        secretKey: SECRET,
        backupKey: undefined,
        intervalMs: 3_600_000,
        keep: 14,
        log,
      });
      try {
        expect(lines).toContainEqual(
          expect.objectContaining({ level: 'warn', msg: expect.stringMatching(/BACKUP_KEY is not set/) }),
        );
        await expect(requestBackup(dataDir)).rejects.toThrow(/BACKUP_KEY is not set/);
        expect(lines).toContainEqual(
          expect.objectContaining({
            level: 'error',
            msg: 'backup failed',
            reason: expect.stringMatching(/BACKUP_KEY/),
          }),
        );
        const backups = path.join(dataDir, 'backups');
        expect(openFailure(await readBackupStatus(backups))).not.toBeNull();
        expect(readdirSync(backups).filter((f) => f.startsWith('zorgportaal-'))).toEqual([]);
      } finally {
        await stop();
      }
    }, 60_000);
  });
});
