import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { expectedMigrationCount, migrationsApplied } from '../db/migrations.ts';

const checkState = z.enum(['ok', 'unavailable']);
const liveSchema = z.object({ status: z.enum(['ok']) });
const readySchema = z.object({
  /** ok: everything works; degraded: serving, but something optional is down (see checks). */
  status: z.enum(['ok', 'degraded', 'unavailable']),
  checks: z.object({
    database: checkState,
    /** Absent when REDIS_URL is not set. While unavailable, login attempts are counted in the database. */
    redis: checkState.optional(),
    /** Absent without DATABASE_READ_URL. While unavailable (down or too far behind), heavy reads use the primary. */
    replica: checkState.optional(),
  }),
});

/** How recently the database must have answered a statement for a busy pool to count as reachable. */
const BUSY_ANSWERED_WITHIN_MS = 2000;

/** Liveness (the process answers) and readiness (database reachable, migrations applied; Redis and the replica if set). */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const expected = expectedMigrationCount();

  app.get('/health/live', { schema: { tags: ['health'], response: { 200: liveSchema } } }, async () => ({
    status: 'ok' as const,
  }));

  // Migrations are not taken back while the process runs: once applied, they are not asked again.
  let migrated = false;
  const databaseReady = async (log: { warn(obj: object, msg: string): void }): Promise<boolean> => {
    // Under a load above capacity every connection is in use and requests queue for one; a check queued behind
    // them would take seconds, and a proxy would then take a busy instance (and soon every instance) out of
    // rotation: errors for all instead of slower answers. A database that answered within the last two
    // seconds is reachable; only when it has not does the check ask it.
    if (migrated && app.database.busyButAnswering?.(BUSY_ANSWERED_WITHIN_MS)) return true;
    try {
      await app.db.execute(sql`select 1`);
      migrated ||= await migrationsApplied(app.db, expected);
      return migrated;
    } catch (err) {
      log.warn({ err }, 'readiness check failed');
      return false;
    }
  };

  app.get(
    '/health/ready',
    { schema: { tags: ['health'], response: { 200: readySchema, 503: readySchema } } },
    async (request, reply) => {
      const [database, redis] = await Promise.all([databaseReady(request.log), app.redisReady?.()]);
      const replica = app.database.replica?.usable();
      const state = (ok: boolean) => (ok ? ('ok' as const) : ('unavailable' as const));
      const checks = {
        database: state(database),
        ...(redis === undefined ? {} : { redis: state(redis) }),
        ...(replica === undefined ? {} : { replica: state(replica) }),
      };
      // Without the database nothing works; without Redis the limiter falls back to the database, without
      // the replica the heavy reads go to the primary.
      if (!database) return reply.code(503).send({ status: 'unavailable' as const, checks });
      const degraded = redis === false || replica === false;
      return { status: degraded ? ('degraded' as const) : ('ok' as const), checks };
    },
  );
};

export default healthRoutes;
