import { buildApp } from '../../src/app.ts';
import type { Config } from '../../src/config/env.ts';
import { openDatabase } from '../../src/db/client.ts';
import { migrationsFolder } from '../../src/db/migrations.ts';
import { DEMO_PASSWORD } from '../../src/seed/demo-data.ts';
import { seedDemoWorld } from '../../src/seed/demo-world.ts';

/** A fresh in-memory PGlite with the demo world, the app on it, and GET as the De Berk nurse. */
export async function benchApp() {
  const database = await openDatabase('memory://');
  await database.migrate(migrationsFolder());
  const secretKey = 'bench-secret-key-bench-secret-key-0123456789';
  await seedDemoWorld(database.db, { secretKey });
  const config = {
    port: 0,
    host: '127.0.0.1',
    dataDir: '/tmp',
    mailFrom: 'bench@example.org',
    publicUrl: 'http://127.0.0.1',
    secretKey,
    demoData: false,
    logLevel: 'silent',
    webDist: '/nonexistent',
  } satisfies Config;
  const app = await buildApp(config, database, { logger: false });
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'password',
      client_id: '1',
      product_id: '1',
      username: 'verpleegkundige',
      password: DEMO_PASSWORD,
    }).toString(),
  });
  const token = login.json<{ access_token: string }>().access_token;
  const get = (url: string) =>
    app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  return { app, database, get };
}
