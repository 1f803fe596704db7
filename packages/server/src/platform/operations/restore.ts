import { existsSync, readdirSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { ArchiveError, readArchive, type BackupManifest } from './archive.ts';

export interface RestoreResult {
  manifest: BackupManifest;
  /** Where the previous DATA_DIR was moved (with --force). */
  movedAside?: string;
}

/**
 * Restores an archive into `dataDir`. Refuses a non-empty directory unless `force`, which first moves it aside
 * (nothing is deleted). The whole archive is decrypted and authenticated before anything is written.
 */
export async function restoreArchive(
  archive: string,
  dataDir: string,
  backupKey: Buffer | undefined,
  force = false,
): Promise<RestoreResult> {
  const contents = await readArchive(archive, backupKey);
  let movedAside: string | undefined;
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    if (!force) {
      throw new ArchiveError(
        `${dataDir} is not empty. Restore into an empty directory, or use --force to move it aside.`,
      );
    }
    movedAside = `${dataDir}.before-restore-${new Date().toISOString().replace(/[-:.]/g, '')}`;
    await rename(dataDir, movedAside);
  }
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  await writeFile(path.join(dataDir, 'secret.key'), `${contents.secretKey}\n`, { mode: 0o600 });
  const client = await PGlite.create(path.join(dataDir, 'pglite'), {
    loadDataDir: new Blob([new Uint8Array(contents.pgdata)]),
    relaxedDurability: false,
  });
  try {
    // Proves the restored database opens and answers before we report success.
    await client.query('select count(*) from drizzle.__drizzle_migrations');
  } finally {
    await client.close();
  }
  return { manifest: contents.manifest, movedAside };
}
