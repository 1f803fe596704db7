import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseBackupKey } from '../platform/operations/backup-crypto.ts';

/** DATA_DIR as the server reads it, without creating anything in it (a restore target must stay empty). */
export const dataDirFromEnv = (value = process.env.DATA_DIR): string =>
  path.resolve(value?.trim() || './data');

export function secretKeyOf(dataDir: string): string {
  const file = path.join(dataDir, 'secret.key');
  if (!existsSync(file)) throw new Error(`${file} not found: is ${dataDir} a Zorgportaal data directory?`);
  return readFileSync(file, 'utf8').trim();
}

/** BACKUP_KEY as the server reads it; a set but malformed key is an error, an unset one undefined. */
export function backupKeyFromEnv(value = process.env.BACKUP_KEY): Buffer | undefined {
  if (!value?.trim()) return undefined;
  const key = parseBackupKey(value);
  if (!key)
    throw new Error('BACKUP_KEY must be 64 hex characters or the base64 of 32 bytes (openssl rand -hex 32).');
  return key;
}

/** Runs a command-line tool: a known failure prints one line and exits 1, never a stack trace. */
export function runCli(main: () => Promise<void>): void {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  });
}
