import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirs } from '../../../test/helpers/temp-dirs.ts';
import { ConfigError, loadConfig } from '../config.ts';

const dataDir = tempDirs('zp-config-');

describe('loadConfig', () => {
  it('uses the documented defaults and generates a secret key once in embedded mode', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      demoData: true,
      logLevel: 'info',
      publicUrl: 'http://127.0.0.1:8080',
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.webDist).toMatch(/packages[/\\]web[/\\]dist$/);
    expect(readFileSync(path.join(dir, 'secret.key'), 'utf8').trim()).toBe(config.secretKey);
    expect(loadConfig({ DATA_DIR: dir }).secretKey).toBe(config.secretKey);
  });

  it.each([
    [{ PORT: 'abc' }, 'Invalid configuration: PORT must be a number between 1 and 65535'],
    [{ PORT: '70000' }, 'Invalid configuration: PORT must be a number between 1 and 65535'],
    [{ DEMO_DATA: 'yes' }, 'Invalid configuration: DEMO_DATA must be true or false'],
    [{ LOG_LEVEL: 'loud' }, 'Invalid configuration: LOG_LEVEL must be one of'],
    [{ BACKUP_INTERVAL: 'weekly' }, 'Invalid configuration: BACKUP_INTERVAL must be off or a duration'],
    [{ BACKUP_KEEP: '0' }, 'Invalid configuration: BACKUP_KEEP must be a whole number of at least 1'],
    [{ WARM_UP: '2m' }, 'Invalid configuration: WARM_UP must be off or a number of seconds'],
    [{ DATABASE_URL: 'mysql://x' }, 'Invalid configuration: DATABASE_URL must be a PostgreSQL URL'],
    [
      { DATABASE_URL: 'postgres://localhost/zp' },
      'Invalid configuration: SECRET_KEY is required when DATABASE_URL is set',
    ],
    [
      { DATABASE_READ_URL: 'postgres://replica/zp' },
      'Invalid configuration: DATABASE_READ_URL needs DATABASE_URL',
    ],
    [
      { DATABASE_URL: 'postgres://localhost/zp', SECRET_KEY: 'x'.repeat(32), DATABASE_READ_URL: 'redis://x' },
      'Invalid configuration: DATABASE_READ_URL must be a PostgreSQL URL',
    ],
    [{ DATABASE_READ_MAX_LAG: '0s' }, 'Invalid configuration: DATABASE_READ_MAX_LAG must be a duration'],
    [{ DATABASE_READ_MAX_LAG: 'soon' }, 'Invalid configuration: DATABASE_READ_MAX_LAG must be a duration'],
  ])('refuses %o naming the variable', (env, message) => {
    const load = () => loadConfig({ DATA_DIR: dataDir(), ...env });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(message);
  });

  it('takes embedded backups daily and keeps 14 unless told otherwise', () => {
    expect(loadConfig({ DATA_DIR: dataDir() })).toMatchObject({
      backupIntervalMs: 86_400_000,
      backupKeep: 14,
    });
    expect(loadConfig({ DATA_DIR: dataDir(), BACKUP_INTERVAL: '6h', BACKUP_KEEP: '3' })).toMatchObject({
      backupIntervalMs: 6 * 3_600_000,
      backupKeep: 3,
    });
    expect(loadConfig({ DATA_DIR: dataDir(), BACKUP_INTERVAL: 'off' }).backupIntervalMs).toBe(0);
  });

  it('warms up for 2 s before it listens unless told otherwise', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).warmUpMs).toBe(60_000);
    expect(loadConfig({ DATA_DIR: dataDir(), WARM_UP: '5s' }).warmUpMs).toBe(5000);
    expect(loadConfig({ DATA_DIR: dataDir(), WARM_UP: 'off' }).warmUpMs).toBe(0);
  });

  it('believes X-Forwarded-For only from the proxies in TRUST_PROXY (addresses or CIDR ranges)', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).trustProxy).toEqual([]);
    expect(
      loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,fd00::/8' }).trustProxy,
    ).toEqual(['127.0.0.1', '10.0.0.0/8', 'fd00::/8']);
    for (const bad of ['proxy.example', '10.0.0.0/33', '10.0.0.1/8/2', 'true', '*'])
      expect(() => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: bad })).toThrow(
        'Invalid configuration: TRUST_PROXY must be the IP addresses or CIDR ranges of the proxies in front',
      );
  });

  it('takes a read replica only beside DATABASE_URL, with its lag bound', () => {
    const base = { DATABASE_URL: 'postgres://localhost/zp', SECRET_KEY: 'x'.repeat(32) };
    expect(loadConfig(base)).toMatchObject({ databaseReadUrl: undefined, databaseReadMaxLagMs: undefined });
    expect(
      loadConfig({ ...base, DATABASE_READ_URL: 'postgres://replica/zp', DATABASE_READ_MAX_LAG: '30s' }),
    ).toMatchObject({ databaseReadUrl: 'postgres://replica/zp', databaseReadMaxLagMs: 30_000 });
  });

  it('does not seed demo data on PostgreSQL unless DEMO_DATA=true', () => {
    const base = { DATABASE_URL: 'postgres://localhost/zp', SECRET_KEY: 'x'.repeat(32) };
    expect(loadConfig(base).demoData).toBe(false);
    expect(loadConfig({ ...base, DEMO_DATA: 'true' }).demoData).toBe(true);
  });
});
