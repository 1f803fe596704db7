import { entitySettingsSchema } from '@zorgportaal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../plugins/app/api-errors.ts';
import { toEntitySettings, updateEntitySettings } from '../../repositories/entities.ts';

const settingsResponse = entitySettingsSchema.extend({
  Type: z.enum(['pharmacy', 'carecenter', 'customer']),
});

/** Settings may be extended freely, but never with values that are not plain JSON settings. */
const settingsUpdate = z
  .record(z.string().max(100), z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]))
  .refine((v) => Object.keys(v).length <= 100, { message: 'Te veel instellingen.' });

/**
 * GET /api/management/settings: any logged-in user reads their own entity's settings; the client derives
 * the entity type from them at login (spec §1). PUT /api/management/settings/1 changes them (settings.manage);
 * the id in the path is the spec's fixed "1" and always means the caller's own entity.
 */
const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/management/settings',
    {
      schema: {
        tags: ['management'],
        summary: "The caller's entity settings",
        response: { 200: settingsResponse },
      },
    },
    async (request) => {
      // Read at every login and by every screen that needs the entity type: served from memory.
      const settings = await app.callerCache.entitySettings(request.caller!.entityId);
      if (!settings) throw notFound();
      return settings;
    },
  );

  app.put(
    '/api/management/settings/:id',
    {
      schema: {
        tags: ['management'],
        summary: "Change the caller's entity settings",
        params: z.object({ id: z.coerce.number().int() }),
        body: settingsUpdate,
        response: { 200: settingsResponse },
      },
      preHandler: app.requirePermission('settings.manage'),
    },
    async (request) => {
      const entity = await updateEntitySettings(app.db, request.caller!.entityId, request.body);
      if (!entity) throw notFound();
      await app.callerCache.forgetEntity(entity.id);
      await app.audit.record(request, {
        action: 'U',
        outcome: 'success',
        objectType: 'entity_settings',
        objectId: entity.id,
        detail: { keys: Object.keys(request.body) },
      });
      return toEntitySettings(entity);
    },
  );
};

export default settingsRoutes;
