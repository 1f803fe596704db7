import { AUDIT_ACTIONS, AUDIT_OBJECTS } from '@zorgportaal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readDbOf } from '../../platform/read-db.ts';
import { callerOf } from '../../platform/scope.ts';
import { type Interaction, mayUse, mayWriteAgreements } from './access.ts';
import { countBundle, searchset } from './bundle.ts';
import { capabilityStatement } from './capability.ts';
import { EVERYTHING_OPERATION, patientEverything } from './everything.ts';
import { readCursor, signCursor } from './cursor.ts';
import { type FhirContext, patientIdsOf, type ResourceDefinition } from './definition.ts';
import { FHIR_JSON, FhirError, fhirErrorHandler, notSupported, resourceNotFound } from './outcome.ts';
import { numericId, parseSearch, type ParsedSearch } from './params.ts';
import { patientsInScope } from './queries/index.ts';
import { definitionOf } from './resources/index.ts';
import { runTransaction } from './write/run.ts';
import { parseTransaction } from './write/transaction.ts';

export const FHIR_BASE_PATH = '/fhir/R4';

type Query = Record<string, string | string[] | undefined>;

/** Links point back where the client reached us (its Host header), so a next link works from where it came. */
const baseOf = (request: FastifyRequest) => `${request.protocol}://${request.host}${FHIR_BASE_PATH}`;

/** `search`: a search or $everything, heavy reads that go to the read replica (platform/read-db.ts). */
const contextOf = (request: FastifyRequest, search = false): FhirContext => ({
  request,
  db: search ? readDbOf(request) : request.server.db,
  base: baseOf(request),
  now: new Date(),
});

/**
 * The type's definition and the caller's right to it: an unknown type is 404, a missing permission (a
 * user) or scope (a system client) 403.
 */
function definitionFor(request: FastifyRequest, type: string, interaction: Interaction): ResourceDefinition {
  const definition = definitionOf(type);
  if (!definition) throw new FhirError(404, 'not-supported', `The resource type '${type}' is not supported.`);
  const caller = callerOf(request);
  if (!mayUse(caller, definition, interaction))
    throw new FhirError(
      403,
      'forbidden',
      caller.system
        ? `The token's scopes do not grant system/${type}.rs.`
        : 'You are not permitted to read this resource type.',
    );
  return definition;
}

const send = (reply: FastifyReply, body: unknown) => reply.type(FHIR_JSON).send(body);

/** A `patient` reference to a client the caller does not see answers as an empty search; the attempt is logged. */
async function logRefusedReferences(ctx: FhirContext, definition: ResourceDefinition, search: ParsedSearch) {
  const ids = [...new Set(patientIdsOf(search)?.flat() ?? [])];
  if (!ids.length || !definition.scope) return;
  const visible = await patientsInScope(ctx.db, await definition.scope(ctx), ids);
  const refused = ids.filter((id) => !visible.has(id));
  await ctx.request.server.audit.recordMany(
    ctx.request,
    refused.map((id) => ({
      action: AUDIT_ACTIONS.read,
      outcome: 'refused' as const,
      objectType: AUDIT_OBJECTS.patient,
      objectId: id,
      detail: { route: `${FHIR_BASE_PATH}/${definition.type}`, method: 'GET' },
    })),
  );
}

/**
 * The FHIR R4 endpoint (docs/fhir.md): the CapabilityStatement, read and search-type of the served types.
 * Its own error handler answers every failure as an OperationOutcome (401 and 403 included).
 */
export default async function fhirRoutes(app: FastifyInstance): Promise<void> {
  app.setErrorHandler(fhirErrorHandler);
  // Not part of the JSON API's OpenAPI document: the CapabilityStatement describes this endpoint.
  const hidden = { schema: { hide: true } };

  // Public, as FHIR servers do: it describes the endpoint and holds no data.
  app.get(`${FHIR_BASE_PATH}/metadata`, hidden, async (request, reply) => {
    const extra = Object.keys(request.query as Query).filter((k) => k !== '_format');
    if (extra.length) throw notSupported(extra[0]!, `The parameter '${extra[0]}' is not supported here.`);
    return send(reply, capabilityStatement(baseOf(request)));
  });

  app.get<{ Params: { type: string }; Querystring: Query }>(
    `${FHIR_BASE_PATH}/:type`,
    hidden,
    async (request, reply) => {
      const definition = definitionFor(request, request.params.type, 's');
      const search = parseSearch(request.query, definition.params, definition.includes);
      const ctx = contextOf(request, true);
      const audited = definition.auditObject !== null;
      const view = { resourceType: definition.type, query: search.canonical };
      if (search.summaryCount) {
        const total = await definition.count(ctx, search);
        await logRefusedReferences(ctx, definition, search);
        if (audited)
          await app.audit.recordView(request, {
            objectType: AUDIT_OBJECTS.fhir_search,
            view: { ...view, summary: 'count' },
            relatedPatientIds: [],
          });
        return send(reply, countBundle(ctx.base, definition.type, search.canonical, total));
      }
      const secret = app.config.secretKey;
      const after = search.cursor
        ? readCursor(secret, definition.type, search.canonical, search.cursor)
        : null;
      const page = await definition.search(ctx, search, { after, limit: search.count + 1 });
      await logRefusedReferences(ctx, definition, search);
      if (audited)
        await app.audit.recordView(request, {
          objectType: AUDIT_OBJECTS.fhir_search,
          view: { ...view, after },
          relatedPatientIds: page.patientIds,
        });
      const withCursor = (cursor: string) =>
        [search.canonical, new URLSearchParams({ _cursor: cursor }).toString()].filter(Boolean).join('&');
      const next =
        page.nextAfter === null
          ? null
          : withCursor(signCursor(secret, definition.type, search.canonical, page.nextAfter));
      // Without paging the page is the whole answer, so its length is the total for free.
      const total = after === null && next === null ? page.matches.length : undefined;
      const self = search.cursor ? withCursor(search.cursor) : search.canonical;
      return send(reply, searchset(ctx.base, definition.type, self, page, next, total));
    },
  );

  app.get<{ Params: { type: string; id: string }; Querystring: Query }>(
    `${FHIR_BASE_PATH}/:type/:id`,
    hidden,
    async (request, reply) => {
      const { type, id: rawId } = request.params;
      const definition = definitionFor(request, type, 'r');
      const extra = Object.keys(request.query).filter((k) => k !== '_format');
      if (extra.length)
        throw notSupported(extra[0]!, `The parameter '${extra[0]}' is not supported on a read.`);
      const id = numericId(rawId);
      const found = id === null ? undefined : await definition.read(contextOf(request), id);
      if (!found) {
        // Missing and another organisation's look the same; the attempt on a client's record is logged.
        if (definition.auditObject && id !== null)
          await app.audit.record(request, {
            action: AUDIT_ACTIONS.read,
            outcome: 'refused',
            objectType: definition.auditObject,
            objectId: id,
            detail: { route: `${FHIR_BASE_PATH}/${type}/{id}`, method: 'GET' },
          });
        throw resourceNotFound(type, rawId);
      }
      if (definition.auditObject)
        await app.audit.record(request, {
          action: AUDIT_ACTIONS.read,
          outcome: 'success',
          objectType: definition.auditObject,
          objectId: id,
          patientId: found.patientId,
          detail: { fhir: `${type}/${id}` },
        });
      return send(reply, found.resource);
    },
  );

  // Patient/{id}/$everything: the client's whole medication record as one searchset (everything.ts).
  app.get<{ Params: { id: string }; Querystring: Query }>(
    `${FHIR_BASE_PATH}/Patient/:id/${EVERYTHING_OPERATION}`,
    hidden,
    async (request, reply) => {
      definitionFor(request, 'Patient', 'r');
      const extra = Object.keys(request.query).filter((k) => k !== '_format');
      if (extra.length)
        throw notSupported(
          extra[0]!,
          `The parameter '${extra[0]}' is not supported on ${EVERYTHING_OPERATION}.`,
        );
      const rawId = request.params.id;
      const id = numericId(rawId);
      const ctx = contextOf(request, true);
      const found = id === null ? undefined : await patientEverything(ctx, id);
      if (!found) {
        if (id !== null)
          await app.audit.record(request, {
            action: AUDIT_ACTIONS.read,
            outcome: 'refused',
            objectType: AUDIT_OBJECTS.patient,
            objectId: id,
            detail: { route: `${FHIR_BASE_PATH}/Patient/{id}/${EVERYTHING_OPERATION}`, method: 'GET' },
          });
        throw resourceNotFound('Patient', rawId);
      }
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.read,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.fhir_everything,
        objectId: id,
        patientId: id,
        detail: { fhir: `Patient/${id}/${EVERYTHING_OPERATION}`, counts: found.counts },
      });
      return send(reply, found.bundle);
    },
  );

  // The transaction (docs/fhir.md "Write"): MedicationRequests (MP9 agreements) created, changed, stopped.
  app.addContentTypeParser(
    ['application/fhir+json', 'application/json+fhir'],
    { parseAs: 'string' },
    app.getDefaultJsonParser('error', 'error'),
  );
  app.post(FHIR_BASE_PATH, hidden, async (request, reply) => {
    const caller = callerOf(request);
    if (!mayWriteAgreements(caller))
      throw new FhirError(
        403,
        'forbidden',
        caller.system
          ? "The token's scopes do not grant system/MedicationRequest.cu."
          : 'You are not permitted to write medication agreements.',
      );
    const extra = Object.keys(request.query as Query).filter((k) => k !== '_format');
    if (extra.length) throw notSupported(extra[0]!, `The parameter '${extra[0]}' is not supported here.`);
    const inputs = parseTransaction(request.body);
    return send(reply, await runTransaction(request, inputs));
  });

  // Everything else under the base: no history, no other write, no other operations.
  app.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: `${FHIR_BASE_PATH}/*`,
    ...hidden,
    handler: async (request) => {
      if (request.method === 'GET')
        throw new FhirError(404, 'not-supported', 'This interaction is not supported.');
      throw new FhirError(
        405,
        'not-supported',
        'Only GET, and POST of a transaction Bundle to the base, are supported.',
      );
    },
  });
}
