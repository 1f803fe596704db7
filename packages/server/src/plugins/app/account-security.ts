import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import {
  AttemptLimiter,
  type AttemptStore,
  RedisAttemptStore,
  type SqlQuery,
  SqlAttemptStore,
} from '../../account-security/attempt-limiter.ts';
import { createMailer } from '../../account-security/mailer.ts';
import { TooManyAttemptsError } from '../../auth/security-errors.ts';
import { mailOutbox } from '../../db/schema/index.ts';

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

function attemptStore(app: FastifyInstance): AttemptStore {
  const { redisUrl } = app.config;
  if (redisUrl) {
    const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2, connectTimeout: 5000 });
    // ioredis reconnects by itself; without a listener an outage would crash the process.
    redis.on('error', (err: Error) => app.log.warn({ err: err.message }, 'Redis error'));
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
    return new RedisAttemptStore(redis);
  }
  const store = new SqlAttemptStore(rawQuery(app));
  const timer = setInterval(() => {
    store.prune().catch((err: unknown) => app.log.warn({ err }, 'pruning auth_attempts failed'));
  }, PRUNE_INTERVAL_MS).unref();
  app.addHook('onClose', async () => clearInterval(timer));
  return store;
}

/** The brute-force limiter and the mailer of issue 3, as app decorators (tests reach them through the app). */
export default fp(
  async (app: FastifyInstance) => {
    app.decorate('attemptLimiter', new AttemptLimiter(attemptStore(app)));

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
