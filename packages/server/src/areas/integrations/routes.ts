import {
  AUDIT_ACTIONS,
  AUDIT_OBJECTS,
  apiErrorSchema,
  idParamSchema,
  integrationBodySchema,
  integrationListSchema,
  integrationSchema,
  integrationStatusesSchema,
  nonNegativeInt32,
  type IntegrationBody,
} from '@zorgportaal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, conflict, notFound, refuseNotFound } from '../../platform/errors.ts';
import { toIntegration } from './mapper.ts';
import {
  checkDepartments,
  deleteIntegration,
  findIntegration,
  insertIntegration,
  latestReports,
  listIntegrations,
  ownIntegrationIds,
  setActive,
  updateIntegration,
  type IntegrationRow,
} from './queries/index.ts';
import { HOST_NOT_ALLOWED, sourceAllowed } from './source.ts';

const BASE = '/api/management/settings';
const tags = ['management'];
const errors = { 400: apiErrorSchema, 404: apiErrorSchema };
const EXISTS = 'Deze koppeling bestaat al; wijzig haar met PUT.';

/** The names of the fields a change set (never the values; the key only as "Secret"). */
function changedFields(before: IntegrationRow, body: IntegrationBody): string[] {
  const fields: string[] = [];
  if (before.type !== body.Type) fields.push('Type');
  if (before.name !== body.Name) fields.push('Name');
  if (before.source !== body.Source) fields.push('Source');
  if (before.schedule !== body.Schedule) fields.push('Schedule');
  const mapping = body.WardMapping.map((m) => ({ wardCode: m.WardCode, departmentId: m.DepartmentId }));
  if (JSON.stringify(before.wardMapping) !== JSON.stringify(mapping)) fields.push('WardMapping');
  if (before.active !== body.Active) fields.push('Active');
  if (body.Secret !== undefined) fields.push('Secret');
  return fields;
}

/**
 * Koppelingen (spec §7): the caller's organisation's integrations, managed with settings.manage like the
 * rest of Geavanceerd. Another organisation's integration answers 404 and is logged as refused.
 */
const integrationRoutes: FastifyPluginAsyncZod = async (app) => {
  /** A source the operator has not allowed is refused when it is saved, not only when it runs. */
  const checkSource = (source: string) => {
    if (!sourceAllowed(source, app.config.integrationHosts ?? []))
      throw badRequest(HOST_NOT_ALLOWED, 'Source');
  };
  const manage = app.requirePermission('settings.manage');

  app.get(
    `${BASE}/integrations`,
    {
      schema: { tags, summary: "The organisation's integrations", response: { 200: integrationListSchema } },
      preHandler: manage,
    },
    async (request) => {
      const rows = await listIntegrations(app.db, request.caller!.entityId);
      const last = await latestReports(
        app.db,
        rows.map((r) => r.id),
      );
      return { Rows: rows.map((row) => toIntegration(row, last.get(row.id))) };
    },
  );

  app.get(
    `${BASE}/integration/:id`,
    {
      schema: { tags, params: idParamSchema, response: { 200: integrationSchema, ...errors } },
      preHandler: manage,
    },
    async (request) => {
      const { id } = request.params;
      const row = await findIntegration(app.db, request.caller!.entityId, id);
      if (!row) return refuseNotFound(request, AUDIT_OBJECTS.integration, id, AUDIT_ACTIONS.read);
      return toIntegration(row, (await latestReports(app.db, [id])).get(id));
    },
  );

  app.post(
    `${BASE}/integration/:id`,
    {
      schema: {
        tags,
        summary: 'Create an integration (id 0: a new one, as the spec posts it)',
        params: z.object({ id: nonNegativeInt32 }),
        body: integrationBodySchema,
        response: { 201: integrationSchema, ...errors, 409: apiErrorSchema },
      },
      preHandler: manage,
    },
    async (request, reply) => {
      const { id } = request.params;
      const entityId = request.caller!.entityId;
      if (id !== 0) {
        if (!(await findIntegration(app.db, entityId, id)))
          return refuseNotFound(request, AUDIT_OBJECTS.integration, id, AUDIT_ACTIONS.create);
        throw conflict(EXISTS);
      }
      checkSource(request.body.Source);
      await checkDepartments(app.db, entityId, request.body);
      const row = await insertIntegration(app.db, entityId, request.body, app.config.secretKey);
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.create,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.integration,
        objectId: row.id,
      });
      return reply.code(201).send(toIntegration(row, undefined));
    },
  );

  app.put(
    `${BASE}/integration/:id`,
    {
      schema: {
        tags,
        params: idParamSchema,
        body: integrationBodySchema,
        response: { 200: integrationSchema, ...errors },
      },
      preHandler: manage,
    },
    async (request) => {
      const { id } = request.params;
      const entityId = request.caller!.entityId;
      const before = await findIntegration(app.db, entityId, id);
      if (!before) return refuseNotFound(request, AUDIT_OBJECTS.integration, id, AUDIT_ACTIONS.update);
      checkSource(request.body.Source);
      await checkDepartments(app.db, entityId, request.body);
      const row = await updateIntegration(app.db, entityId, id, request.body, app.config.secretKey);
      if (!row) throw notFound();
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.update,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.integration,
        objectId: id,
        changedFields: changedFields(before, request.body),
      });
      return toIntegration(row, (await latestReports(app.db, [id])).get(id));
    },
  );

  app.delete(
    `${BASE}/integration/:id`,
    { schema: { tags, params: idParamSchema, response: { 204: z.null(), ...errors } }, preHandler: manage },
    async (request, reply) => {
      const { id } = request.params;
      if (!(await deleteIntegration(app.db, request.caller!.entityId, id)))
        return refuseNotFound(request, AUDIT_OBJECTS.integration, id, AUDIT_ACTIONS.delete);
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.delete,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.integration,
        objectId: id,
      });
      return reply.code(204).send(null);
    },
  );

  app.post(
    `${BASE}/integrationstatuses`,
    {
      schema: {
        tags,
        summary: 'Switch several integrations on or off at once',
        body: integrationStatusesSchema,
        response: { 200: integrationListSchema, ...errors },
      },
      preHandler: manage,
    },
    async (request) => {
      const entityId = request.caller!.entityId;
      const ids = [...new Set(request.body.Ids)];
      const own = await ownIntegrationIds(app.db, entityId, ids);
      // All or nothing: one id that is not the organisation's own refuses the whole request.
      const foreign = ids.find((id) => !own.has(id));
      if (foreign !== undefined)
        return refuseNotFound(request, AUDIT_OBJECTS.integration, foreign, AUDIT_ACTIONS.update);
      await setActive(app.db, entityId, ids, request.body.Active);
      await app.audit.recordMany(
        request,
        ids.map((id) => ({
          action: AUDIT_ACTIONS.update,
          outcome: 'success' as const,
          objectType: AUDIT_OBJECTS.integration,
          objectId: id,
          changedFields: ['Active'],
        })),
      );
      const rows = await listIntegrations(app.db, entityId);
      const last = await latestReports(
        app.db,
        rows.map((r) => r.id),
      );
      return { Rows: rows.map((row) => toIntegration(row, last.get(row.id))) };
    },
  );
};

export default integrationRoutes;
