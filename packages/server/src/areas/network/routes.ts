import {
  AUDIT_ACTIONS,
  AUDIT_OBJECTS,
  NETWORK_ROLE_SIDES,
  apiErrorSchema,
  entitySummaryListSchema,
  networkLinkCreateSchema,
  networkLinkParamSchema,
  networkLinkSchema,
  networkLinkUpdateSchema,
  networkSchema,
  organisationSearchQuerySchema,
  type AuditAction,
} from '@zorgportaal/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, notFound } from '../../platform/errors.ts';
import {
  activateLink,
  createLink,
  deactivateLink,
  deleteLink,
  reproposeLink,
} from '../../platform/network-links.ts';
import { recordLinkChange } from './audit.ts';
import {
  findEntity,
  findLink,
  linksOf,
  locationsOf,
  searchOrganisations,
  toSummary,
  visibleEntities,
} from './queries.ts';

const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

async function refuse(request: FastifyRequest, id: number, action: AuditAction): Promise<never> {
  await request.server.audit.record(request, {
    action,
    outcome: 'refused',
    objectType: AUDIT_OBJECTS.network_link,
    objectId: id,
  });
  throw notFound();
}

const invalid = (field: string, message: string) =>
  new HttpError(400, 'VALIDATION_FAILED', message, { Fields: { [field]: message } });

/**
 * Zorgnetwerk: everyone with network.read sees the own organisation and its links; a Beheerder
 * (settings.manage) proposes, activates, deactivates and removes links of the own organisation. A link
 * grants access (a pharmacy sees the patients of the care centres it supplies) only once the
 * organisation that did not propose it has activated it; either side may deactivate or remove it.
 * Consent is the withdrawing side's to give back: an ended link is activated again only by the
 * organisation that ended it (409 naming `Active` for the other side), or the other side proposes it
 * anew (the same POST) and the side that ended it confirms. Every change is in both organisations' Logboek.
 */
const networkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/global/entities',
    {
      schema: {
        tags: ['network'],
        summary: "The caller's organisation and the organisations it has a link with",
        response: { 200: entitySummaryListSchema },
      },
    },
    async (request) => visibleEntities(app.db, request.caller!),
  );

  app.get(
    '/api/network',
    {
      schema: { tags: ['network'], response: { 200: networkSchema } },
      preHandler: app.requirePermission('network.read'),
    },
    async (request) => {
      const caller = request.caller!;
      const entity = await findEntity(app.db, caller.entityId);
      if (!entity) throw notFound();
      return {
        Entity: toSummary(entity),
        Locations: await locationsOf(app.db, caller.entityId),
        Links: await linksOf(app.db, caller),
      };
    },
  );

  app.get(
    '/api/network/organisations',
    {
      schema: {
        tags: ['network'],
        summary: 'Organisations to propose a link to, by name or AGB code',
        querystring: organisationSearchQuerySchema,
        response: { 200: entitySummaryListSchema },
      },
      preHandler: app.requirePermission('settings.manage'),
    },
    async (request) => searchOrganisations(app.db, request.query.q),
  );

  app.post(
    '/api/network/links',
    {
      schema: {
        tags: ['network'],
        body: networkLinkCreateSchema,
        response: { 201: networkLinkSchema, ...errors },
      },
      preHandler: app.requirePermission('settings.manage'),
    },
    async (request, reply) => {
      const caller = request.caller!;
      const body = request.body;
      const own = caller.entityId;
      if (body.FromEntityId !== own && body.ToEntityId !== own)
        throw invalid('FromEntityId', 'Eén kant van de koppeling moet uw eigen organisatie zijn.');
      if (body.FromEntityId === body.ToEntityId)
        throw invalid('ToEntityId', 'Een organisatie kan niet met zichzelf worden gekoppeld.');
      const [from, to] = await Promise.all([
        findEntity(app.db, body.FromEntityId),
        findEntity(app.db, body.ToEntityId),
      ]);
      if (!from) throw invalid('FromEntityId', 'Deze organisatie bestaat niet.');
      if (!to) throw invalid('ToEntityId', 'Deze organisatie bestaat niet.');
      const sides = NETWORK_ROLE_SIDES[body.Role];
      if (!sides.from.includes(from.type))
        throw invalid('FromEntityId', 'Dit soort organisatie kan deze rol niet hebben.');
      if (!sides.to.includes(to.type))
        throw invalid('ToEntityId', 'Dit soort organisatie past niet bij deze rol.');
      const created = await createLink(app.db, caller, body);
      const id = created ?? (await reproposeLink(app.db, caller, body));
      // Every instance reads scopes and department lists again (platform/access/caller-cache.ts).
      if (id !== undefined) await app.callerCache.forgetNetwork(own);
      if (id === undefined)
        throw new HttpError(409, 'CONFLICT', 'Deze koppeling bestaat al.', {
          Fields: { Role: 'Deze koppeling bestaat al.' },
        });
      await recordLinkChange(
        request,
        { id, fromEntityId: body.FromEntityId, toEntityId: body.ToEntityId, role: body.Role },
        created === undefined
          ? {
              action: AUDIT_ACTIONS.update,
              outcome: 'success',
              change: 'reproposed',
              changedFields: ['ProposedBy'],
            }
          : {
              action: AUDIT_ACTIONS.create,
              outcome: 'success',
              change: 'proposed',
              changedFields: ['Role', 'Active'],
            },
      );
      const [link] = await linksOf(app.db, caller, id);
      return reply.code(201).send(link!);
    },
  );

  app.put(
    '/api/network/links/:id',
    {
      schema: {
        tags: ['network'],
        params: networkLinkParamSchema,
        body: networkLinkUpdateSchema,
        response: { 200: networkLinkSchema, ...errors },
      },
      preHandler: app.requirePermission('settings.manage'),
    },
    async (request) => {
      const caller = request.caller!;
      const { id } = request.params;
      const [link] = await linksOf(app.db, caller, id);
      const row = link && (await findLink(app.db, id));
      if (!row) return refuse(request, id, AUDIT_ACTIONS.update);
      const wanted = request.body.Active;
      if (wanted && !row.active && !(await activateLink(app.db, caller, id))) {
        await recordLinkChange(request, row, {
          action: AUDIT_ACTIONS.update,
          outcome: 'denied',
          change: 'activated',
          changedFields: ['Active'],
        });
        if (row.deactivatedByEntityId !== null && row.deactivatedByEntityId !== caller.entityId)
          throw new HttpError(
            409,
            'CONFLICT',
            'De andere organisatie heeft deze koppeling beëindigd; alleen zij kan haar weer activeren. Stel de koppeling opnieuw voor.',
            {
              Fields: {
                Active: 'Alleen de organisatie die de koppeling beëindigde, kan haar weer activeren.',
              },
            },
          );
        throw invalid('Active', 'De andere organisatie moet deze koppeling bevestigen.');
      }
      const changed = wanted ? !row.active : row.active && (await deactivateLink(app.db, caller, id));
      if (changed) await app.callerCache.forgetNetwork(caller.entityId);
      if (changed)
        await recordLinkChange(request, row, {
          action: AUDIT_ACTIONS.update,
          outcome: 'success',
          change: wanted ? 'activated' : 'deactivated',
          changedFields: ['Active'],
        });
      const [after] = await linksOf(app.db, caller, id);
      return after!;
    },
  );

  app.delete(
    '/api/network/links/:id',
    {
      schema: {
        tags: ['network'],
        params: networkLinkParamSchema,
        response: { 204: z.null(), ...errors },
      },
      preHandler: app.requirePermission('settings.manage'),
    },
    async (request, reply) => {
      const { id } = request.params;
      const [link] = await linksOf(app.db, request.caller!, id);
      const row = link && (await findLink(app.db, id));
      if (!row) return refuse(request, id, AUDIT_ACTIONS.delete);
      await deleteLink(app.db, id);
      await app.callerCache.forgetNetwork(request.caller!.entityId);
      await recordLinkChange(request, row, {
        action: AUDIT_ACTIONS.delete,
        outcome: 'success',
        change: 'removed',
      });
      return reply.code(204).send(null);
    },
  );
};

export default networkRoutes;
