import { buildApp } from '../../src/app.ts';
import type { Config } from '../../src/platform/config.ts';
import type { Database } from '../../src/platform/db/client.ts';
import { passwordGrantForm } from './password-grant.ts';

/** The whole app on a bench database (silent, no web files) and a demo user's bearer header. */
export async function appAs(
  database: Database,
  secretKey: string,
  username: string,
  databaseUrl?: string,
  overrides: Partial<Config> = {},
) {
  const config: Config = {
    port: 0,
    host: '127.0.0.1',
    dataDir: '/tmp',
    databaseUrl,
    mailFrom: 'bench@example.org',
    publicUrl: 'http://127.0.0.1',
    secretKey,
    demoData: false,
    logLevel: 'silent',
    webDist: '/nonexistent',
    ...overrides,
  };
  const app = await buildApp(config, database, { logger: false });
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: passwordGrantForm(username),
  });
  if (login.statusCode !== 200) throw new Error(`login ${username}: ${login.statusCode} ${login.body}`);
  const token = login.json<{ access_token: string }>().access_token;
  return { app, auth: { authorization: `Bearer ${token}` } };
}
