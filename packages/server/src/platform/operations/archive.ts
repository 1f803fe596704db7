import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as tar from 'tar';

/**
 * A backup archive: `zorgportaal-<timestamp>.tar.gz` holding the PGlite data directory (as PGlite's own tar),
 * the secret key (without it stored TOTP secrets cannot be decrypted) and a manifest; next to it
 * `<archive>.sha256` in sha256sum format, so an operator can also check it with `sha256sum -c`.
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
    .replace(/\.\d+Z$/, 'Z')}.tar.gz`;

export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Writes the archive and its checksum file into `outDir`; returns the archive's path. */
export async function writeArchive(
  outDir: string,
  contents: ArchiveContents,
  at = new Date(),
): Promise<string> {
  await mkdir(outDir, { recursive: true, mode: 0o700 });
  const staging = await mkdtemp(path.join(tmpdir(), 'zp-backup-'));
  try {
    await writeFile(path.join(staging, PGDATA), contents.pgdata, { mode: 0o600 });
    await writeFile(path.join(staging, SECRET), `${contents.secretKey}\n`, { mode: 0o600 });
    await writeFile(path.join(staging, MANIFEST), JSON.stringify(contents.manifest, null, 2));
    const file = path.join(outDir, archiveName(at));
    // Written under a temporary name and renamed: a half-written archive never looks like a backup.
    const partial = `${file}.partial`;
    await tar.create({ gzip: true, file: partial, cwd: staging, portable: true }, [MANIFEST, SECRET, PGDATA]);
    await chmod(partial, 0o600);
    await writeFile(`${file}.sha256`, `${await sha256File(partial)}  ${path.basename(file)}\n`, {
      mode: 0o600,
    });
    await rename(partial, file);
    return file;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** Verifies the checksum, then unpacks. Refuses a missing, changed or incomplete archive with a clear message. */
export async function readArchive(file: string): Promise<ArchiveContents> {
  let expected: string;
  try {
    expected = (await readFile(`${file}.sha256`, 'utf8')).trim().split(/\s+/)[0] ?? '';
  } catch {
    throw new ArchiveError(`Checksum file ${file}.sha256 not found: the archive cannot be verified.`);
  }
  let actual: string;
  try {
    actual = await sha256File(file);
  } catch {
    throw new ArchiveError(`Archive ${file} cannot be read.`);
  }
  if (actual !== expected) {
    throw new ArchiveError(
      `Archive ${file} does not match its checksum: it is damaged or changed. Nothing restored.`,
    );
  }
  const staging = await mkdtemp(path.join(tmpdir(), 'zp-restore-'));
  try {
    await tar.extract({
      file,
      cwd: staging,
      strict: true,
      filter: (p) => [MANIFEST, SECRET, PGDATA].includes(p),
    });
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
    await rm(staging, { recursive: true, force: true });
  }
}
