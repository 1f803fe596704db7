import { openDatabase } from '../../src/platform/db/client.ts';
import { migrationsFolder } from '../../src/platform/db/migrations.ts';
import { seedDemoWorld } from '../../src/seed/demo-world.ts';
import { appAs } from './app-as.ts';

/**
 * A fresh database with the demo world (in-memory PGlite, or the PostgreSQL database at `databaseUrl`),
 * the app on it, and GET as the De Berk nurse.
 */
export async function benchApp(databaseUrl?: string) {
  const database = await openDatabase(databaseUrl ?? 'memory://');
  await database.migrate(migrationsFolder());
  const secretKey = 'bench-secret-key-bench-secret-key-0123456789';
  await seedDemoWorld(database.db, { secretKey });
  const { app, auth } = await appAs(database, secretKey, 'verpleegkundige', databaseUrl);
  const get = (url: string) => app.inject({ method: 'GET', url, headers: auth });
  return { app, database, get };
}
