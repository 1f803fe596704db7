import {
  AUDIT_ACTIONS,
  AUDIT_OBJECTS,
  apiErrorSchema,
  idParamSchema,
  SYSTEM_CLIENTS_PER_ORGANISATION,
  systemClientBodySchema,
  systemClientCreatedSchema,
  systemClientListSchema,
  systemClientSchema,
} from '@zorgportaal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conflict, refuseNotFound } from '../../platform/errors.ts';
import { toSystemClient } from './mapper.ts';
import {
  countLiveSystemClients,
  deleteSystemTokens,
  findOwnSystemClient,
  insertSystemClient,
  listSystemClients,
  revokeSystemClient,
} from './queries/index.ts';
import { parsePublicKeys } from './keys.ts';
import { hashSecret, newClientId, newClientSecret } from './secret.ts';

const BASE = '/api/management/settings/systemclients';
const tags = ['management'];
const errors = { 400: apiErrorSchema, 404: apiErrorSchema };

/**
 * System clients in Koppelingen (docs/fhir.md): the caller's organisation's OAuth2 client-credentials
 * clients, managed with settings.manage like the rest of Geavanceerd. Another organisation's client is 404
 * and logged as refused. Create and revoke write `system_client` entries.
 */
const systemClientRoutes: FastifyPluginAsyncZod = async (app) => {
  const manage = app.requirePermission('settings.manage');

  app.get(
    BASE,
    {
      schema: {
        tags,
        summary: "The organisation's system clients",
        response: { 200: systemClientListSchema },
      },
      preHandler: manage,
    },
    async (request) => {
      const rows = await listSystemClients(app.db, request.caller!.entityId);
      return { Rows: rows.map(toSystemClient) };
    },
  );

  app.post(
    BASE,
    {
      schema: {
        tags,
        summary:
          'Create a system client, with a secret (the answer carries it, the only time it is sent) or a public key (private_key_jwt)',
        body: systemClientBodySchema,
        response: { 201: systemClientCreatedSchema, ...errors, 409: apiErrorSchema },
      },
      preHandler: manage,
    },
    async (request, reply) => {
      const entityId = request.caller!.entityId;
      if ((await countLiveSystemClients(app.db, entityId)) >= SYSTEM_CLIENTS_PER_ORGANISATION)
        throw conflict(
          `Een organisatie heeft hoogstens ${SYSTEM_CLIENTS_PER_ORGANISATION} actieve systeemclients.`,
        );
      const withKey = request.body.AuthMethod === 'private_key_jwt';
      // A bad key is a 400 naming PublicKey before anything is stored.
      const publicKeys = withKey ? await parsePublicKeys(request.body.PublicKey!) : null;
      const secret = withKey ? null : newClientSecret();
      const row = await insertSystemClient(app.db, {
        entityId,
        clientId: newClientId(),
        name: request.body.Name,
        scopes: [...request.body.Scopes],
        authMethod: withKey ? 'private_key_jwt' : 'client_secret',
        secretHash: secret === null ? null : await hashSecret(secret),
        publicKeys,
      });
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.create,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.system_client,
        objectId: row.id,
        changedFields: withKey ? ['Name', 'Scopes', 'PublicKey'] : ['Name', 'Scopes'],
        detail: { ClientId: row.clientId, Scopes: row.scopes, AuthMethod: row.authMethod },
      });
      return reply
        .code(201)
        .header('Cache-Control', 'no-store')
        .send({ ...toSystemClient(row), ClientSecret: secret });
    },
  );

  app.post(
    `${BASE}/:id/revoke`,
    {
      schema: {
        tags,
        summary: 'Revoke a system client: its tokens stop at once and it gets no new ones',
        params: idParamSchema,
        response: { 200: systemClientSchema, ...errors, 409: apiErrorSchema },
      },
      preHandler: manage,
    },
    async (request) => {
      const { id } = request.params;
      const entityId = request.caller!.entityId;
      const row = await revokeSystemClient(app.db, entityId, id);
      if (!row) {
        const existing = await findOwnSystemClient(app.db, entityId, id);
        if (!existing) return refuseNotFound(request, AUDIT_OBJECTS.system_client, id, AUDIT_ACTIONS.update);
        throw conflict('Deze systeemclient is al ingetrokken.');
      }
      await deleteSystemTokens(app.db, id);
      // Every instance drops the client's cached tokens now (the lookup itself already refuses them).
      await app.callerCache.forgetSystemClient(id);
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.update,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.system_client,
        objectId: id,
        changedFields: ['Revoked'],
        detail: { ClientId: row.clientId },
      });
      return toSystemClient(row);
    },
  );
};

export default systemClientRoutes;
