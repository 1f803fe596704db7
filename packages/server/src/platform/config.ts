import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { parseBackupKey } from './operations/backup-crypto.ts';

/** Thrown for a bad setting; main.ts prints its one-line message and exits with code 1. */
export class ConfigError extends Error {}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const urlWith = (protocols: string[], what: string) =>
  optionalText.refine((v) => v === undefined || protocols.some((p) => v.startsWith(p)), {
    message: `must be a ${what} URL (${protocols.join(' or ')})`,
  });

/** NEN 7513 as Dutch care applies it: the log is kept at least 5 years. */
export const AUDIT_RETENTION_MIN_MONTHS = 60;
const RETENTION_MESSAGE = `must be a whole number of months, at least ${AUDIT_RETENTION_MIN_MONTHS} (NEN 7513: 5 years)`;

const envSchema = z.object({
  PORT: z.coerce
    .number({ message: 'must be a number between 1 and 65535' })
    .int('must be a number between 1 and 65535')
    .min(1, 'must be a number between 1 and 65535')
    .max(65535, 'must be a number between 1 and 65535')
    .default(8080),
  HOST: z.string().trim().min(1, 'must not be empty').default('127.0.0.1'),
  DATA_DIR: z.string().trim().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: urlWith(['postgres://', 'postgresql://'], 'PostgreSQL'),
  DATABASE_READ_URL: urlWith(['postgres://', 'postgresql://'], 'PostgreSQL'),
  DATABASE_READ_MAX_LAG: z
    .string()
    .trim()
    .regex(/^$|^[1-9]\d*[smh]$/, 'must be a duration of at least 1s, like 10s or 1m')
    .optional(),
  REDIS_URL: urlWith(['redis://', 'rediss://'], 'Redis'),
  SMTP_URL: urlWith(['smtp://', 'smtps://'], 'SMTP'),
  MAIL_FROM: optionalText,
  PUBLIC_URL: urlWith(['http://', 'https://'], 'http(s)'),
  SECRET_KEY: optionalText.refine((v) => v === undefined || v.length >= 32, {
    message: 'must be at least 32 characters',
  }),
  DEMO_DATA: z
    .enum(['true', 'false', ''], { message: 'must be true or false' })
    .optional()
    .transform((v) => (v === 'true' ? true : v === 'false' ? false : undefined)),
  LOG_LEVEL: z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  WEB_DIST: optionalText,
  BACKUP_INTERVAL: z
    .string()
    .trim()
    .regex(/^(off|0|\d+[smhd])$/, 'must be off or a duration like 30m, 6h, 1d')
    .default('1d'),
  WARM_UP: z
    .string()
    .trim()
    .regex(/^(off|0|\d+s)$/, 'must be off or a number of seconds like 2s')
    .default('60s'),
  BACKUP_KEEP: z.coerce
    .number({ message: 'must be a whole number of at least 1' })
    .int('must be a whole number of at least 1')
    .min(1, 'must be a whole number of at least 1')
    .default(14),
  INTEGRATION_HOSTS: z
    .string()
    .trim()
    .regex(
      /^$|^[a-z0-9.-]+(:\d{1,5})?(,[a-z0-9.-]+(:\d{1,5})?)*$/i,
      'must be host names, comma-separated (host or host:port)',
    )
    .optional(),
  BACKUP_KEY: optionalText.refine((v) => v === undefined || parseBackupKey(v) !== null, {
    message: 'must be 64 hex characters or the base64 of 32 bytes (openssl rand -hex 32)',
  }),
  AUDIT_RETENTION_MONTHS: z.preprocess(
    (v) => (typeof v === 'string' && !v.trim() ? undefined : v),
    z.coerce
      .number({ message: RETENTION_MESSAGE })
      .int(RETENTION_MESSAGE)
      .min(AUDIT_RETENTION_MIN_MONTHS, RETENTION_MESSAGE)
      .optional(),
  ),
  TRUST_PROXY: z
    .string()
    .trim()
    .refine((v) => v === '' || v.split(',').every((part) => isAddressOrRange(part.trim())), {
      message: 'must be the IP addresses or CIDR ranges of the proxies in front, comma-separated',
    })
    .optional(),
  OPERATOR_ENTITY_ID: z.coerce
    .number({ message: 'must be an organisation id' })
    .int('must be an organisation id')
    .min(1, 'must be an organisation id')
    .optional(),
});

const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
/** `30m`, `6h`, `1d` → milliseconds; `off`/`0` → 0. */
export const durationMs = (value: string): number =>
  /^\d+[smhd]$/.test(value)
    ? Number(value.slice(0, -1)) * UNIT_MS[value.slice(-1) as keyof typeof UNIT_MS]
    : 0;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL connection string; undefined means the embedded PGlite database in dataDir. */
  databaseUrl?: string;
  /** A streaming replica of databaseUrl for the heavy reads (docs/operations.md "Read replica"). */
  databaseReadUrl?: string;
  /** How far the replica may lag before heavy reads go to the primary; also how long a writer reads the primary. */
  databaseReadMaxLagMs?: number;
  redisUrl?: string;
  /**
   * How long a Redis command may take before the attempt store falls back to the database (1 s when unset).
   * Not an environment setting: the tests of counters shared through Redis give a loaded machine more.
   */
  redisCommandTimeoutMs?: number;
  /**
   * How many bytes of built Toedienlijsten (gzipped) an instance keeps for the next request of the same version
   * (64 MB when unset; 0 builds every list). Not an environment setting: the hot-path bench measures the build
   * without it.
   */
  dayListCacheBytes?: number;
  /**
   * How many bytes of client lists an instance keeps for the next request of the same scope, filter and version
   * (16 MB when unset; 0 reads every list). Not an environment setting: the hot-path bench measures the read without it.
   */
  clientListCacheBytes?: number;
  smtpUrl?: string;
  mailFrom: string;
  publicUrl: string;
  secretKey: string;
  /** Seed the demo world when the database has no entities. */
  demoData: boolean;
  logLevel: (typeof LOG_LEVELS)[number];
  webDist: string;
  /** How long a start runs the areas' hot paths before it listens (platform/warm-up.ts); 0 or unset: not at all. */
  warmUpMs?: number;
  /** Embedded mode only: scheduled backups (0 = off) and how many archives to keep. */
  backupIntervalMs?: number;
  backupKeep?: number;
  /** The operator's key (32 bytes) that encrypts and authenticates backup archives; no backups without it. */
  backupKey?: Buffer;
  /** The organisation that runs this installation; its Beheerders see a failed backup. Default: the first one. */
  operatorEntityId?: number;
  /**
   * How many months of the audit log stay in the database (the Logboek's reach); older months may be detached
   * and archived with `npm run log:archive`. Undefined: keep everything (the default).
   */
  auditRetentionMonths?: number;
  /** The hosts (`host` or `host:port`) an integration may fetch from; none by default (no calls to any address). */
  integrationHosts?: string[];
  /**
   * The proxies (addresses or CIDR ranges) whose X-Forwarded-For is believed: the client's address behind them
   * is then the one the audit log, the login limits and the IP allow-lists see. None by default.
   */
  trustProxy?: string[];
}

/** An IPv4/IPv6 address, optionally with a prefix length (10.0.0.0/8, fd00::/8). */
function isAddressOrRange(value: string): boolean {
  const [address, prefix, ...rest] = value.split('/');
  const version = isIP(address ?? '');
  if (!version || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/** packages/web/dist, found from this file both in src/platform (tsx) and in the bundled dist/main.js. */
function defaultWebDist(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (path.basename(dir) !== 'server' && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return path.resolve(dir, '..', 'web', 'dist');
}

/** Embedded mode keeps a generated key next to the data, so TOTP secrets survive restarts. */
function embeddedSecretKey(dataDir: string): string {
  const file = path.join(dataDir, 'secret.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32).toString('base64url');
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return key;
}

/** Parses and checks the environment. Throws ConfigError naming the first bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${String(issue.path[0])} ${issue.message}`);
  }
  const e = parsed.data;
  if (e.DATABASE_URL && !e.SECRET_KEY) {
    throw new ConfigError('Invalid configuration: SECRET_KEY is required when DATABASE_URL is set');
  }
  if (e.DATABASE_READ_URL && !e.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration: DATABASE_READ_URL needs DATABASE_URL (it names a read replica of that PostgreSQL database)',
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseReadUrl: e.DATABASE_READ_URL,
    databaseReadMaxLagMs: e.DATABASE_READ_MAX_LAG ? durationMs(e.DATABASE_READ_MAX_LAG) : undefined,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? 'Zorgportaal <noreply@zorgportaal.example>',
    publicUrl: (e.PUBLIC_URL ?? `http://${e.HOST}:${e.PORT}`).replace(/\/$/, ''),
    secretKey: e.SECRET_KEY ?? embeddedSecretKey(dataDir),
    demoData: e.DEMO_DATA ?? !e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : defaultWebDist(),
    warmUpMs: durationMs(e.WARM_UP),
    backupIntervalMs: durationMs(e.BACKUP_INTERVAL),
    backupKeep: e.BACKUP_KEEP,
    backupKey: e.BACKUP_KEY ? (parseBackupKey(e.BACKUP_KEY) ?? undefined) : undefined,
    operatorEntityId: e.OPERATOR_ENTITY_ID,
    auditRetentionMonths: e.AUDIT_RETENTION_MONTHS,
    integrationHosts: (e.INTEGRATION_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    trustProxy: (e.TRUST_PROXY ?? '')
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean),
  };
}
