import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { backupsDir, takeBackup } from '../platform/operations/backup.ts';
import { requestBackup } from '../platform/operations/control-channel.ts';
import { backupKeyFromEnv, dataDirFromEnv, runCli, secretKeyOf } from './cli-support.ts';

/**
 * npm run backup [-- --out <dir>]: an archive of the embedded database, taken by the running portal (through
 * its control channel, encrypted with the portal's BACKUP_KEY) or, when no portal runs, directly from DATA_DIR
 * with BACKUP_KEY from the environment.
 */
runCli(async () => {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  if (process.env.DATABASE_URL?.trim()) {
    throw new Error(
      'DATABASE_URL is set: back up PostgreSQL with pg_dump -Fc and continuous archiving (point-in-time recovery); see docs/operations.md.',
    );
  }
  const dataDir = dataDirFromEnv();
  const out = values.out ? path.resolve(values.out) : undefined;
  let file: string;
  try {
    file = await requestBackup(dataDir, out);
  } catch (err) {
    if ((err as { code?: string }).code !== 'NOT_RUNNING') throw err;
    const client = await PGlite.create(path.join(dataDir, 'pglite'));
    try {
      file = await takeBackup(client, secretKeyOf(dataDir), out ?? backupsDir(dataDir), backupKeyFromEnv());
    } finally {
      await client.close();
    }
  }
  console.log(file);
});
