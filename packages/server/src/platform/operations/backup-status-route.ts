import { backupStatusSchema } from '@zorgportaal/contract';
import { min } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { entities } from '../db/schema/organisations.ts';
import { notFound } from '../errors.ts';
import { callerOf } from '../scope.ts';
import { backupsDir } from './backup.ts';
import { openFailure, readBackupStatus } from './backup-status.ts';

/**
 * GET /api/operations/backup-status: "backup failed at …" for the Beheerders (settings.manage) of the
 * organisation that runs this embedded installation (OPERATOR_ENTITY_ID). Everyone else gets 404: the
 * installation's state is the operator's, not every organisation's. A PostgreSQL installation answers null.
 */
const backupStatusRoute: FastifyPluginAsyncZod = async (app) => {
  const operatorEntity = async (): Promise<number | undefined> => {
    if (app.config.operatorEntityId) return app.config.operatorEntityId;
    const [first] = await app.db.select({ id: min(entities.id) }).from(entities);
    return first?.id ?? undefined;
  };

  app.get(
    '/api/operations/backup-status',
    {
      schema: {
        tags: ['operations'],
        summary: 'When the last scheduled backup failed (operator organisation only)',
        response: { 200: backupStatusSchema },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      if (!caller.permissions.has('settings.manage') || caller.entityId !== (await operatorEntity()))
        throw notFound();
      if (app.database.kind !== 'pglite') return { FailedAt: null };
      return { FailedAt: openFailure(await readBackupStatus(backupsDir(app.config.dataDir))) };
    },
  );
};

export default backupStatusRoute;
