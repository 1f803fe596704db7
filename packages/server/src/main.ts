import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './platform/config.ts';
import { openDatabase } from './platform/db/client.ts';
import { migrationsFolder } from './platform/db/migrations.ts';
import { startEmbeddedBackups } from './platform/operations/embedded-backups.ts';
import { warmUp } from './platform/warm-up.ts';
import { demoAccountLines, hasDemoWorld, seedDefaultRoles, seedDemoWorld } from './seed/demo-world.ts';
import { seedMedicationCatalogue } from './areas/medication/demo-catalogue.ts';

function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    // A bad setting is the operator's mistake, not a crash: one clear line, no stack trace.
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

async function main(): Promise<void> {
  const config = configOrExit();
  const database = await openDatabase(config.databaseUrl ?? path.join(config.dataDir, 'pglite'), {
    readUrl: config.databaseReadUrl,
    readMaxLagMs: config.databaseReadMaxLagMs,
  });
  await database.migrate(migrationsFolder());
  await seedDefaultRoles(database.db);
  await seedMedicationCatalogue(database.db);
  const seeded = config.demoData && (await seedDemoWorld(database.db, { secretKey: config.secretKey }));

  const app = await buildApp(config, database);
  if (seeded || (config.demoData && (await hasDemoWorld(database.db)))) {
    // Plain stdout, not a JSON log line: this is for the person who just typed `npm start`.
    console.log(demoAccountLines().join('\n'));
  }

  // The embedded database is held by this process only, so this process takes its backups.
  const stopBackups = database.pglite
    ? await startEmbeddedBackups({
        client: database.pglite,
        dataDir: config.dataDir,
        secretKey: config.secretKey,
        backupKey: config.backupKey,
        intervalMs: config.backupIntervalMs ?? 0,
        keep: config.backupKeep ?? 14,
        log: app.log,
      })
    : async () => {};

  // SIGTERM / SIGINT: stop accepting, let requests in flight finish, then close the database.
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info(`${signal} ontvangen, Zorgportaal stopt`);
    await stopBackups();
    await app.close();
    await database.close();
  });

  // Before it listens, so neither a proxy's health check nor a first request reaches a cold instance.
  if (config.warmUpMs) {
    const started = performance.now();
    const runs = await warmUp(app.db, config.warmUpMs, app.log);
    app.log.info({ runs, ms: Math.round(performance.now() - started) }, 'warmed up');
  }
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Zorgportaal luistert op http://${config.host}:${config.port}`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? `Zorgportaal kon niet starten: ${err.message}` : err);
  process.exit(1);
});
