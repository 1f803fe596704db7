import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import { backupsDir, pruneBackups, takeBackup } from './backup.ts';
import { recordBackupOutcome } from './backup-status.ts';
import { startControlChannel } from './control-channel.ts';

export interface EmbeddedBackupOptions {
  client: PGlite;
  dataDir: string;
  secretKey: string;
  /** The operator's BACKUP_KEY; without it every backup is refused (logged, and shown as a failed backup). */
  backupKey: Buffer | undefined;
  /** 0: no scheduled backups (the control channel still answers `npm run backup`). */
  intervalMs: number;
  keep: number;
  log: FastifyBaseLogger;
}

/**
 * Backups of the embedded database, taken by the process that holds it: on a schedule and on request from
 * `npm run backup`. Returns a function that stops both.
 */
export async function startEmbeddedBackups(opts: EmbeddedBackupOptions): Promise<() => Promise<void>> {
  const dir = backupsDir(opts.dataDir);
  let running: Promise<string> | null = null;

  const backup = (outDir?: string): Promise<string> => {
    // One backup at a time: a scheduled and a requested backup share the run in progress.
    running ??= (async () => {
      try {
        const file = await takeBackup(opts.client, opts.secretKey, outDir ?? dir, opts.backupKey);
        if (!outDir) await pruneBackups(dir, opts.keep);
        await recordBackupOutcome(dir, true);
        opts.log.info({ file }, 'backup written');
        return file;
      } catch (err) {
        // The message only: a failed backup must not put data into the technical log.
        opts.log.error({ reason: err instanceof Error ? err.message : 'unknown' }, 'backup failed');
        await recordBackupOutcome(dir, false).catch(() => {});
        throw err;
      } finally {
        running = null;
      }
    })();
    return running;
  };

  if (!opts.backupKey && opts.intervalMs > 0)
    opts.log.warn('BACKUP_KEY is not set: scheduled backups are refused until it is (docs/operations.md)');

  let stopChannel: (() => Promise<void>) | null = null;
  try {
    stopChannel = await startControlChannel(opts.dataDir, backup);
  } catch (err) {
    opts.log.warn(
      { reason: err instanceof Error ? err.message : 'unknown' },
      'backup control channel not started',
    );
  }
  // PGlite has no autovacuum: the scheduled run also vacuums, so deep index-only reads (the person list's
  // later pages) skip no dead rows and the planner's statistics stay fresh.
  // A run that outlasts the interval is not joined by the next one: each tick would otherwise queue another
  // VACUUM in front of the database's one connection, and on a slow machine the backup would never get its turn.
  let scheduledRun: Promise<void> | null = null;
  const scheduled = async () => {
    try {
      await opts.client.exec('VACUUM (ANALYZE)');
    } catch (err) {
      opts.log.warn({ reason: err instanceof Error ? err.message : 'unknown' }, 'vacuum failed');
    }
    await backup();
  };
  const tick = () => {
    scheduledRun ??= scheduled()
      .catch(() => {})
      .finally(() => {
        scheduledRun = null;
      });
  };
  const timer = opts.intervalMs > 0 ? setInterval(tick, opts.intervalMs).unref() : null;

  return async () => {
    if (timer) clearInterval(timer);
    await scheduledRun;
    await running?.catch(() => {});
    await stopChannel?.();
  };
}
