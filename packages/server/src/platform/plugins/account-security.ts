import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import {
  AttemptLimiter,
  type AttemptStore,
  RedisAttemptStore,
  type SqlQuery,
  SqlAttemptStore,
} from '../attempts/attempt-limiter.ts';
import { FallbackAttemptStore } from '../attempts/fallback-attempt-store.ts';
import { createMailer } from '../mail.ts';
import { TooManyAttemptsError } from '../errors.ts';
import { inArray } from 'drizzle-orm';
import { mailOutbox } from '../db/schema/mail.ts';
import { registerPurge } from '../purge.ts';

/** Old attempt rows are pruned hourly; the limiter ignores them anyway, this only bounds the table. */
const PRUNE_INTERVAL_MS = 60 * 60_000;

/**
 * Raw parameterised SQL on the app's own connection: both drivers' clients (PGlite, pg.Pool) have
 * `query(text, params) → { rows }`, which is exactly what SqlAttemptStore needs.
 */
function rawQuery(app: FastifyInstance): SqlQuery {
  const client = (
    app.db as unknown as {
      $client: { query: (sql: string, params: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> };
    }
  ).$client;
  return async (sql, params) => (await client.query(sql, params)).rows;
}

/** How long a Redis command may take before the attempt store falls back to the database (the default). */
const REDIS_COMMAND_TIMEOUT_MS = 1000;

/** How long startup waits for the first Redis connection before it begins in the database fallback. */
const REDIS_FIRST_CONNECT_MS = 2000;

/**
 * Resolves once the client is ready, has failed, or `ms` passed. Without this wait the first logins after a
 * start ran while the connection was still opening (commands fail at once without the offline queue), so
 * they were counted in the database while the other instances counted in Redis: a split count.
 */
function firstConnection(redis: Redis, ms: number): Promise<void> {
  return new Promise((resolve) => {
    if (redis.status === 'ready') return resolve();
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      redis.off('error', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    redis.once('ready', done);
    redis.once('error', done);
  });
}

async function attemptStore(app: FastifyInstance): Promise<AttemptStore> {
  const sqlStore = new SqlAttemptStore(rawQuery(app));
  // The database counters are the fallback while Redis is down, so they are pruned in both modes.
  const timer = setInterval(() => {
    sqlStore.prune().catch((err: unknown) => app.log.warn({ err }, 'pruning auth_attempts failed'));
  }, PRUNE_INTERVAL_MS).unref();
  app.addHook('onClose', async () => clearInterval(timer));

  const { redisUrl } = app.config;
  if (!redisUrl) {
    app.decorate('redisReady', null);
    return sqlStore;
  }
  const redis = new Redis(redisUrl, {
    // Fail at once while disconnected (no queueing until a reconnect), so a login falls back to
    // the database counters instead of waiting and then answering 500.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: app.config.redisCommandTimeoutMs ?? REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: 5000,
  });
  // ioredis reconnects by itself; without a listener an outage would crash the process. One line per
  // outage: the reconnect loop would otherwise log every two seconds.
  let outageReported = false;
  redis.on('error', (err: Error) => {
    if (outageReported) return;
    outageReported = true;
    app.log.warn({ reason: err.message }, 'Redis error');
  });
  redis.on('ready', () => {
    if (outageReported) app.log.info('Redis reachable again');
    outageReported = false;
  });
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  app.decorate('redisReady', async () => {
    if (redis.status !== 'ready') return false;
    return redis.ping().then(
      (pong) => pong === 'PONG',
      () => false,
    );
  });
  await firstConnection(redis, REDIS_FIRST_CONNECT_MS);
  return new FallbackAttemptStore(new RedisAttemptStore(redis), sqlStore, app.log);
}

/** The brute-force limiter and the mailer, as app decorators (tests reach them through the app). */
export default fp(
  async (app: FastifyInstance) => {
    app.decorate('attemptLimiter', new AttemptLimiter(await attemptStore(app)));

    const mailer = createMailer({
      smtpUrl: app.config.smtpUrl,
      from: app.config.mailFrom,
      logger: app.log,
      outbox: async (mail) => {
        await app.db.insert(mailOutbox).values(mail);
      },
    });
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => mailer.close());

    // onError runs before the error handler sends the body: the place to add the 429's Retry-After.
    app.addHook('onError', async (_request, reply, error) => {
      if (error instanceof TooManyAttemptsError) reply.header('Retry-After', String(error.retryAfterSeconds));
    });
  },
  { name: 'account-security', dependencies: ['config', 'db'] },
);

// Mails kept in the outbox (no SMTP) name the person's addresses: they go with a purge.
registerPurge('mail', async (tx, { accounts }) => {
  const addresses = accounts.flatMap((a) => a.emailAddresses);
  if (addresses.length) await tx.delete(mailOutbox).where(inArray(mailOutbox.to, addresses));
});
