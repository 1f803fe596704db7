import { openDatabase } from '../../src/db/client.ts';
import { migrationsFolder } from '../../src/db/migrations.ts';
import { seedDemoWorld } from '../../src/seed/demo-world.ts';
import { appAs } from './app-as.ts';

/** A fresh in-memory PGlite with the demo world, the app on it, and GET as the De Berk nurse. */
export async function benchApp() {
  const database = await openDatabase('memory://');
  await database.migrate(migrationsFolder());
  const secretKey = 'bench-secret-key-bench-secret-key-0123456789';
  await seedDemoWorld(database.db, { secretKey });
  const { app, auth } = await appAs(database, secretKey, 'verpleegkundige');
  const get = (url: string) => app.inject({ method: 'GET', url, headers: auth });
  return { app, database, get };
}
