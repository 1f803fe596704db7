import type { Config } from '../../src/platform/config.ts';

/** The app's configuration for tests that run it on their own data directory or database (no web files). */
export const embeddedConfig = (dataDir: string, secretKey: string, databaseUrl?: string): Config => ({
  port: 0,
  host: '127.0.0.1',
  dataDir,
  databaseUrl,
  mailFrom: 'test@zorgportaal.example',
  publicUrl: 'http://127.0.0.1',
  secretKey,
  demoData: false,
  logLevel: 'silent',
  webDist: '/nonexistent',
});
