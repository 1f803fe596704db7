import {
  DERIVED_ENTITY_SETTINGS,
  entitySettingsSchema,
  entitySettingsUpdateSchema,
  idParamSchema,
  AUDIT_ACTIONS,
  AUDIT_OBJECTS,
} from '@zorgportaal/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, notFound, refuseNotFound } from '../../platform/errors.ts';
import { findEntity, toEntitySettings, updateEntitySettings } from '../../platform/entities.ts';

const settingsResponse = entitySettingsSchema.extend({
  Type: z.enum(['pharmacy', 'carecenter', 'customer']),
});

/** The answer of GET per cached settings object (the caller cache keeps one object per entity). */
const serialisedSettings = new WeakMap<object, string>();

const NOT_WRITABLE = 'Deze instelling volgt het type van de organisatie en kan hier niet worden gewijzigd.';

/** A derived setting may be sent back unchanged (a client echoing what it read), never changed. */
function refuseChangedDerived(current: Record<string, unknown>, body: Record<string, unknown>): void {
  const changed = DERIVED_ENTITY_SETTINGS.filter(
    (key) => key in body && body[key] !== (current[key] ?? null),
  );
  if (changed.length === 0) return;
  throw new HttpError(400, 'VALIDATION_FAILED', NOT_WRITABLE, {
    Fields: Object.fromEntries(changed.map((key) => [key, NOT_WRITABLE])),
  });
}

/** The id the spec's client sends: "my own organisation". */
const SPEC_OWN_ENTITY_ID = 1;

/**
 * GET /api/management/settings: any logged-in user reads their own entity's settings; the client derives
 * the entity type from them at login (spec §1). PUT /api/management/settings/1 changes them (settings.manage);
 * the id in the path is the spec's fixed "1" (or the caller's own entity id), and always means the caller's own
 * entity; any other id is 404 with a refused audit entry.
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
    async (request, reply) => {
      // Read at every login and by every screen that needs the entity type: served from memory.
      const settings = await app.callerCache.entitySettings(request.caller!.entityId);
      if (!settings) throw notFound();
      // The JSON too: serialised once per cached settings object by the route's own response schema,
      // and sent as is (a JSON string is not serialised again). A change replaces the cached object.
      let json = serialisedSettings.get(settings);
      if (json === undefined) {
        json = String(reply.serialize(settings));
        serialisedSettings.set(settings, json);
      }
      const untyped: FastifyReply = reply;
      return untyped.type('application/json; charset=utf-8').send(json);
    },
  );

  app.put(
    '/api/management/settings/:id',
    {
      schema: {
        tags: ['management'],
        summary: "Change the caller's entity settings",
        params: idParamSchema,
        body: entitySettingsUpdateSchema,
        response: { 200: settingsResponse },
      },
      preHandler: app.requirePermission('settings.manage'),
    },
    async (request) => {
      const { id } = request.params;
      // The spec's fixed "1" or the caller's own entity id; any other id names another organisation.
      if (id !== SPEC_OWN_ENTITY_ID && id !== request.caller!.entityId)
        await refuseNotFound(request, AUDIT_OBJECTS.entity_settings, id);
      const current = await findEntity(app.db, request.caller!.entityId);
      if (!current) throw notFound();
      refuseChangedDerived(toEntitySettings(current), request.body);
      const entity = await updateEntitySettings(app.db, current.id, request.body);
      if (!entity) throw notFound();
      await app.callerCache.forgetEntity(entity.id);
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.update,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.entity_settings,
        objectId: entity.id,
        // Settings hold no patient data: the keys sent are the fields this change set.
        changedFields: Object.keys(request.body),
      });
      return toEntitySettings(entity);
    },
  );
};

export default settingsRoutes;
