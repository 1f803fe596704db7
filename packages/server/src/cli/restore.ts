import path from 'node:path';
import { parseArgs } from 'node:util';
import { portalRunning } from '../platform/operations/control-channel.ts';
import { restoreArchive } from '../platform/operations/restore.ts';
import { backupKeyFromEnv, dataDirFromEnv, runCli } from './cli-support.ts';

/** npm run restore -- <archive> [--force]: restores into DATA_DIR (empty, or moved aside with --force). */
runCli(async () => {
  const { values, positionals } = parseArgs({
    options: { force: { type: 'boolean' } },
    allowPositionals: true,
  });
  const archive = positionals[0];
  if (!archive) throw new Error('Usage: BACKUP_KEY=<key> npm run restore -- <archive.tar.gz.enc> [--force]');
  const dataDir = dataDirFromEnv();
  if (await portalRunning(dataDir))
    throw new Error(`A portal is running on ${dataDir}: stop it before a restore.`);
  const result = await restoreArchive(
    path.resolve(archive),
    dataDir,
    backupKeyFromEnv(),
    values.force === true,
  );
  if (result.movedAside) console.log(`The previous data directory was moved to ${result.movedAside}`);
  console.log(
    `Restored the backup of ${result.manifest.createdAt} into ${dataDir}. Start the portal with npm run serve; ` +
      'newer migrations are applied at start.',
  );
});
