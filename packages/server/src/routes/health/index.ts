import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { expectedMigrationCount, migrationsApplied } from '../../db/migrations.ts';

const statusSchema = z.object({ status: z.enum(['ok', 'unavailable']) });

/** Liveness (the process answers) and readiness (database reachable, migrations applied). */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const expected = expectedMigrationCount();

  app.get('/health/live', { schema: { tags: ['health'], response: { 200: statusSchema } } }, async () => ({
    status: 'ok' as const,
  }));

  app.get(
    '/health/ready',
    { schema: { tags: ['health'], response: { 200: statusSchema, 503: statusSchema } } },
    async (request, reply) => {
      try {
        await app.db.execute(sql`select 1`);
        if (await migrationsApplied(app.db, expected)) return { status: 'ok' as const };
      } catch (err) {
        request.log.warn({ err }, 'readiness check failed');
      }
      return reply.code(503).send({ status: 'unavailable' as const });
    },
  );
};

export default healthRoutes;
