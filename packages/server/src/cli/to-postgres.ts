import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../platform/db/client.ts';
import { migrationsFolder } from '../platform/db/migrations.ts';
import { readArchive } from '../platform/operations/archive.ts';
import { portalRunning } from '../platform/operations/control-channel.ts';
import { copyToPostgres } from '../platform/operations/to-postgres.ts';
import { backupKeyFromEnv, dataDirFromEnv, runCli } from './cli-support.ts';

/**
 * npm run db:to-postgres -- --database-url <url> [--archive <file>]: copies the embedded database (DATA_DIR,
 * stopped, or a backup archive) into an empty PostgreSQL database, then compares the row counts per table.
 */
runCli(async () => {
  const { values } = parseArgs({
    options: { 'database-url': { type: 'string' }, archive: { type: 'string' } },
  });
  const url = values['database-url'];
  if (!url || !/^postgres(ql)?:\/\//.test(url)) {
    throw new Error('Usage: npm run db:to-postgres -- --database-url postgres://… [--archive <file>]');
  }
  const dataDir = dataDirFromEnv();
  let source: PGlite;
  if (values.archive) {
    const contents = await readArchive(path.resolve(values.archive), backupKeyFromEnv());
    source = await PGlite.create({ loadDataDir: new Blob([new Uint8Array(contents.pgdata)]) });
  } else {
    if (await portalRunning(dataDir))
      throw new Error(`A portal is running on ${dataDir}: stop it first, or use --archive.`);
    source = await PGlite.create(path.join(dataDir, 'pglite'));
  }
  const target = await openDatabase(url);
  try {
    // Both sides at the same schema: the archive may predate the newest migrations.
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(drizzle({ client: source }), { migrationsFolder: migrationsFolder() });
    await target.migrate(migrationsFolder());
    const counts = await copyToPostgres(source, url);
    const width = Math.max(...counts.map((c) => c.table.length));
    for (const c of counts) {
      console.log(
        `${c.table.padEnd(width)}  ${String(c.source).padStart(9)}  ${String(c.target).padStart(9)}  ${c.source === c.target ? 'ok' : 'DIFFERENT'}`,
      );
    }
    const different = counts.filter((c) => c.source !== c.target);
    if (different.length > 0)
      throw new Error(`Row counts differ for ${different.map((c) => c.table).join(', ')}.`);
    console.log(
      `Copied ${counts.length} tables. Serve it with DATABASE_URL=<url> SECRET_KEY=<the key from ${values.archive ? 'secret.key of the archive, which npm run restore writes into DATA_DIR' : path.join(dataDir, 'secret.key')}> npm run serve`,
    );
  } finally {
    await target.close();
    await source.close();
  }
});
