import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Outcome of the last backups, kept as a small file next to the archives (the embedded mode is one process,
 * and the file survives a restart). It holds times only, never data.
 */
export interface BackupStatus {
  lastSuccessAt?: string;
  lastFailureAt?: string;
}

const statusFile = (dir: string) => path.join(dir, 'status.json');

export async function readBackupStatus(dir: string): Promise<BackupStatus> {
  try {
    return JSON.parse(await readFile(statusFile(dir), 'utf8')) as BackupStatus;
  } catch {
    return {};
  }
}

export async function recordBackupOutcome(dir: string, ok: boolean, at = new Date()): Promise<void> {
  const status = await readBackupStatus(dir);
  if (ok) status.lastSuccessAt = at.toISOString();
  else status.lastFailureAt = at.toISOString();
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await writeFile(statusFile(dir), JSON.stringify(status), { mode: 0o600 });
}

/** The failure to show: only when it is newer than the last success. */
export const openFailure = (status: BackupStatus): string | null =>
  status.lastFailureAt && (!status.lastSuccessAt || status.lastFailureAt > status.lastSuccessAt)
    ? status.lastFailureAt
    : null;
