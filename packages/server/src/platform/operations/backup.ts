import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { ArchiveError, BACKUP_KEY_MISSING, writeArchive } from './archive.ts';

export const backupsDir = (dataDir: string): string => path.join(dataDir, 'backups');

/**
 * Takes a consistent archive of the running embedded database. Inside a transaction slot no other
 * transaction can run, and PGlite's dump holds the query lock, so the copied files are one instant of the
 * database; committed writes are in the WAL it contains, and the next start replays it like after a crash.
 */
export async function takeBackup(
  client: PGlite,
  secretKey: string,
  outDir: string,
  backupKey: Buffer | undefined,
): Promise<string> {
  // Refused before any work: without the operator's key no archive may be written.
  if (!backupKey) throw new ArchiveError(BACKUP_KEY_MISSING);
  await client.exec('CHECKPOINT');
  const { pgdata, migrations } = await client.transaction(async (tx) => {
    const result = await tx.query<{ count: number }>(
      'select count(*)::int as count from drizzle.__drizzle_migrations',
    );
    const dump = await client.dumpDataDir('none');
    return { pgdata: Buffer.from(await dump.arrayBuffer()), migrations: result.rows[0]?.count ?? 0 };
  });
  return writeArchive(
    outDir,
    { manifest: { format: 1, createdAt: new Date().toISOString(), migrations }, pgdata, secretKey },
    backupKey,
  );
}

/** Keeps the newest `keep` archives in `dir` (names sort by time) and removes older ones. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const archives = (await readdir(dir).catch(() => [] as string[]))
    .filter((name) => /^zorgportaal-\d{8}T\d{6}Z\.tar\.gz\.enc$/.test(name))
    .sort();
  const old = archives.slice(0, Math.max(0, archives.length - keep));
  for (const name of old) await rm(path.join(dir, name), { force: true });
  return old;
}
