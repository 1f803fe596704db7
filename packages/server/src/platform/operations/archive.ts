import { createReadStream, createWriteStream } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import * as tar from 'tar';
import { BackupAuthError, decryptStream, encryptStream } from './backup-crypto.ts';

/**
 * A backup archive: `zorgportaal-<timestamp>.tar.gz.enc`, a tar.gz holding the PGlite data directory (as
 * PGlite's own tar), the secret key (without it stored TOTP secrets cannot be decrypted) and a manifest,
 * encrypted and authenticated with the operator's BACKUP_KEY (AES-256-GCM per record, see backup-crypto.ts):
 * nothing in it is readable without the key, and any change, reordering or truncation is refused.
 */
export interface BackupManifest {
  format: 1;
  createdAt: string;
  /** Migrations applied in the archived database; newer ones are applied at the next start. */
  migrations: number;
}

export interface ArchiveContents {
  manifest: BackupManifest;
  pgdata: Buffer;
  secretKey: string;
}

/** Thrown for an archive an operator must not restore; the CLI prints the message and exits non-zero. */
export class ArchiveError extends Error {}

const PGDATA = 'pgdata.tar';
const SECRET = 'secret.key';
const MANIFEST = 'manifest.json';

export const archiveName = (at: Date): string =>
  `zorgportaal-${at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}.tar.gz.enc`;

export const BACKUP_KEY_MISSING =
  'BACKUP_KEY is not set: no backup is written without it (set 64 hex characters, e.g. from `openssl rand -hex 32`, and keep a copy off this machine). / BACKUP_KEY ontbreekt: zonder sleutel wordt geen back-up gemaakt.';

/** The operator's message for an archive that failed authentication. Nothing was restored. */
function authMessage(file: string, err: BackupAuthError): string {
  switch (err.reason) {
    case 'not-a-backup':
      return `${file} is not an encrypted Zorgportaal backup (or has an unknown format). Nothing restored. / Dit is geen versleutelde Zorgportaal-back-up; er is niets teruggezet.`;
    case 'wrong-key':
      return `Archive ${file} was made with another BACKUP_KEY, or its header was changed. Nothing restored. / Deze back-up hoort bij een andere BACKUP_KEY of is gewijzigd; er is niets teruggezet.`;
    case 'truncated':
      return `Archive ${file} is incomplete: its end is missing (cut off). Nothing restored. / De back-up is afgekapt; er is niets teruggezet.`;
    case 'changed':
      return `Archive ${file} failed authentication: it was changed or damaged. Nothing restored. / De back-up is gewijzigd of beschadigd; er is niets teruggezet.`;
  }
}

/** Writes the encrypted archive into `outDir`; returns its path. */
export async function writeArchive(
  outDir: string,
  contents: ArchiveContents,
  backupKey: Buffer | undefined,
  at = new Date(),
): Promise<string> {
  if (!backupKey) throw new ArchiveError(BACKUP_KEY_MISSING);
  await mkdir(outDir, { recursive: true, mode: 0o700 });
  const staging = await mkdtemp(path.join(tmpdir(), 'zp-backup-'));
  try {
    await writeFile(path.join(staging, PGDATA), contents.pgdata, { mode: 0o600 });
    await writeFile(path.join(staging, SECRET), `${contents.secretKey}\n`, { mode: 0o600 });
    await writeFile(path.join(staging, MANIFEST), JSON.stringify(contents.manifest, null, 2));
    const file = path.join(outDir, archiveName(at));
    // Written under a temporary name and renamed: a half-written archive never looks like a backup.
    const partial = `${file}.partial`;
    await pipeline(
      tar.create({ gzip: true, cwd: staging, portable: true }, [MANIFEST, SECRET, PGDATA]),
      encryptStream(backupKey),
      createWriteStream(partial, { mode: 0o600 }),
    );
    await chmod(partial, 0o600);
    await rename(partial, file);
    return file;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * Decrypts and unpacks into a scratch directory, every record authenticated; refuses a missing, changed,
 * reordered or cut-off archive (or another key) with a clear message before the caller writes anything.
 */
export async function readArchive(file: string, backupKey: Buffer | undefined): Promise<ArchiveContents> {
  if (!backupKey)
    throw new ArchiveError(
      'BACKUP_KEY is not set: it is needed to decrypt the archive (the key the backup was made with). / BACKUP_KEY ontbreekt.',
    );
  const staging = await mkdtemp(path.join(tmpdir(), 'zp-restore-'));
  try {
    let source: ReturnType<typeof createReadStream>;
    try {
      source = createReadStream(file);
      await new Promise<void>((resolve, reject) =>
        source.once('open', () => resolve()).once('error', reject),
      );
    } catch {
      throw new ArchiveError(`Archive ${file} cannot be read.`);
    }
    try {
      await pipeline(
        source,
        decryptStream(backupKey),
        tar.extract({ cwd: staging, strict: true, filter: (p) => [MANIFEST, SECRET, PGDATA].includes(p) }),
      );
    } catch (err) {
      if (err instanceof BackupAuthError) throw new ArchiveError(authMessage(file, err));
      throw err;
    }
    const manifest = JSON.parse(await readFile(path.join(staging, MANIFEST), 'utf8')) as BackupManifest;
    if (manifest.format !== 1) throw new ArchiveError(`Archive ${file} has an unknown format.`);
    return {
      manifest,
      pgdata: await readFile(path.join(staging, PGDATA)),
      secretKey: (await readFile(path.join(staging, SECRET), 'utf8')).trim(),
    };
  } catch (err) {
    if (err instanceof ArchiveError) throw err;
    throw new ArchiveError(`Archive ${file} is incomplete or not a Zorgportaal backup.`);
  } finally {
    // A refused archive stops the pipeline while tar may still be finishing a file in the scratch
    // directory: retry the removal, and never let a leftover scratch directory hide the real refusal.
    await rm(staging, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 }).catch(
      () => undefined,
    );
  }
}
