import {
  AUDIT_ACTIONS,
  AUDIT_OBJECTS,
  type ClientCredentialsResponse,
  JWT_BEARER_ASSERTION_TYPE,
  SYSTEM_CLIENT_ID_PATTERN,
  SYSTEM_TOKEN_TTL_SECONDS,
  type TokenEndpointRequest,
} from '@zorgportaal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type LimitKey, ipKey, userAddressKey, userKey } from '../../platform/attempts/attempt-limiter.ts';
import { SYSTEM_CLIENT_ROLE } from '../../platform/audit.ts';
import { sha256Hex } from '../../platform/crypto.ts';
import { HttpError, TooManyAttemptsError } from '../../platform/errors.ts';
import { assertionIssuer, verifyClientAssertion } from './assertion.ts';
import { findSystemClientByClientId, issueSystemToken, type SystemClientRow } from './queries/index.ts';
import { newSystemToken, verifyAgainstDummy, verifySecret } from './secret.ts';

/** RFC 6749 §5.2 `invalid_client`: unknown client, wrong secret, revoked, or no client authentication. */
const invalidSystemClient = () =>
  new HttpError(401, 'UNAUTHORIZED', 'Onbekende client of onjuist geheim.', {
    error: 'invalid_client',
    error_description: 'Client authentication failed.',
  });

const invalidRequest = (field: string, description: string) =>
  new HttpError(400, 'VALIDATION_FAILED', 'De invoer is ongeldig.', {
    Fields: { [field]: description },
    error: 'invalid_request',
    error_description: description,
  });

const invalidScope = (description: string) =>
  new HttpError(400, 'VALIDATION_FAILED', 'De invoer is ongeldig.', {
    Fields: { scope: description },
    error: 'invalid_scope',
    error_description: description,
  });

type Credentials =
  | { clientId: string; secret: string; basic: boolean; assertion?: undefined }
  | { clientId: string; assertion: string; basic: false; secret?: undefined };

/** `Authorization: Basic` with form-encoded id and secret (RFC 6749 §2.3.1); null without the header. */
function basicCredentials(request: FastifyRequest): Credentials | null | 'malformed' {
  const match = /^Basic\s+([A-Za-z0-9+/=]{1,2000})$/i.exec(request.headers.authorization ?? '');
  if (!request.headers.authorization) return null;
  if (!match) return 'malformed';
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return 'malformed';
  try {
    const decode = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
    return {
      clientId: decode(decoded.slice(0, colon)),
      secret: decode(decoded.slice(colon + 1)),
      basic: true,
    };
  } catch {
    return 'malformed';
  }
}

/**
 * A client assertion (RFC 7523 §2.2, private_key_jwt): its type must be jwt-bearer; it names the client by
 * its `iss` (a `client_id` in the form, when sent, must be the same).
 */
function assertionCredentials(form: TokenEndpointRequest): Credentials {
  if (form.client_assertion_type !== JWT_BEARER_ASSERTION_TYPE)
    throw invalidRequest(
      'client_assertion_type',
      `client_assertion_type must be ${JWT_BEARER_ASSERTION_TYPE}.`,
    );
  if (!form.client_assertion) throw invalidRequest('client_assertion', 'client_assertion is required.');
  const issuer = assertionIssuer(form.client_assertion);
  if (issuer === null) throw invalidSystemClient();
  if (form.client_id !== undefined && String(form.client_id) !== issuer) throw invalidSystemClient();
  return { clientId: issuer, assertion: form.client_assertion, basic: false };
}

/** The client's credentials from exactly one place: HTTP Basic, the form's secret, or an assertion (RFC 6749 §2.3: not two). */
function credentialsOf(request: FastifyRequest, form: TokenEndpointRequest): Credentials {
  const basic = basicCredentials(request);
  const inForm = form.client_secret !== undefined;
  const asserted = form.client_assertion !== undefined || form.client_assertion_type !== undefined;
  if (asserted && (basic || inForm))
    throw invalidRequest(
      'client_assertion',
      'Use one client authentication method, not a secret and an assertion both.',
    );
  if (asserted) return assertionCredentials(form);
  if (basic === 'malformed') throw invalidSystemClient();
  if (basic && inForm)
    throw invalidRequest(
      'client_secret',
      'Use one client authentication method, not Basic and the form both.',
    );
  if (basic) return basic;
  if (typeof form.client_id !== 'string' || !inForm) throw invalidSystemClient();
  return { clientId: form.client_id, secret: form.client_secret!, basic: false };
}

/** The counters of a guess at a client's secret: per client id (and from this address), and per address. */
function attemptKeys(app: FastifyInstance, request: FastifyRequest, clientId: string) {
  const user = [`client:${userKey(clientId)}`, `client:${userAddressKey(clientId, request.ip)}`];
  const ip: LimitKey = {
    key: `client:${ipKey(request.ip)}`,
    maxFailures: app.attemptLimiter.policy.addressMaxFailures,
  };
  return { user, all: [...user, ip] };
}

/** The scopes granted: those asked for (space-separated), each one the client's; none asked: all of them. */
function grantedScopes(asked: string | undefined, own: readonly string[]): string[] {
  const wanted = [...new Set((asked ?? '').split(' ').filter(Boolean))];
  if (wanted.length === 0) return [...own];
  const unknown = wanted.find((scope) => !own.includes(scope));
  if (unknown) throw invalidScope(`The scope '${unknown.slice(0, 100)}' is not granted to this client.`);
  return wanted;
}

/** The token endpoint's own URL: the audience a client assertion must name (RFC 7523 §3). */
export const tokenEndpointUrl = (app: FastifyInstance) => `${app.config.publicUrl}/oauth/token`;

/**
 * Why the client is not authenticated (the audit reason), or null: its method's credential must be the one
 * presented (a secret client's secret, a key client's signed assertion) and it must not be revoked. An
 * unknown client costs the time of a secret check.
 */
async function authenticate(
  app: FastifyInstance,
  client: SystemClientRow | undefined,
  credentials: Credentials,
): Promise<string | null> {
  if (credentials.assertion !== undefined) {
    if (!client) return 'invalid_client';
    if (client.authMethod !== 'private_key_jwt' || !client.publicKeys) return 'wrong_method';
    if (client.revokedAt) return 'revoked';
    return verifyClientAssertion(app.db, {
      assertion: credentials.assertion,
      clientRowId: client.id,
      clientId: client.clientId,
      keys: client.publicKeys,
      tokenUrl: tokenEndpointUrl(app),
    });
  }
  if (!client || client.authMethod !== 'client_secret' || !client.secretHash) {
    await verifyAgainstDummy(credentials.secret);
    return client ? 'wrong_method' : 'invalid_client';
  }
  if (!(await verifySecret(client.secretHash, credentials.secret))) return 'invalid_client';
  return client.revokedAt ? 'revoked' : null;
}

/**
 * grant_type=client_credentials (RFC 6749 §4.4): a system client of an organisation gets a short-lived
 * access token for the FHIR endpoint, carrying its organisation and scopes and no user. Guesses at the
 * secret are limited like passwords (the attempt limiter); an unknown or revoked client costs the same
 * time as a wrong secret and gets the same answer.
 */
export async function clientCredentialsGrant(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  form: TokenEndpointRequest,
): Promise<ClientCredentialsResponse> {
  let credentials: Credentials;
  try {
    credentials = credentialsOf(request, form);
  } catch (error) {
    // RFC 6749 §5.2: a client that tried Basic is told how to authenticate.
    if (error instanceof HttpError && error.statusCode === 401) reply.header('WWW-Authenticate', 'Basic');
    throw error;
  }
  const clientId = credentials.clientId.slice(0, 100);
  const keys = attemptKeys(app, request, clientId);
  const actor = { userId: null, username: clientId, entityId: null as number | null };
  const state = await app.attemptLimiter.check(keys.all);
  if (state.blocked) {
    await app.audit.record(request, {
      action: AUDIT_ACTIONS.execute,
      outcome: 'denied',
      objectType: AUDIT_OBJECTS.system_client_token,
      actor,
      detail: { reason: 'too_many_attempts' },
    });
    throw new TooManyAttemptsError(state.retryAfterSeconds);
  }
  const client = SYSTEM_CLIENT_ID_PATTERN.test(clientId)
    ? await findSystemClientByClientId(app.db, clientId)
    : undefined;
  const failure = await authenticate(app, client, credentials);
  actor.entityId = client?.entityId ?? null;
  if (!client || failure) {
    await app.audit.record(request, {
      action: AUDIT_ACTIONS.execute,
      outcome: 'failure',
      objectType: AUDIT_OBJECTS.system_client_token,
      objectId: client?.id ?? null,
      actor,
      detail: {
        reason: failure ?? 'invalid_client',
        method: credentials.assertion ? 'private_key_jwt' : 'client_secret',
      },
    });
    const failed = await app.attemptLimiter.fail(keys.all);
    if (failed.blocked) throw new TooManyAttemptsError(failed.retryAfterSeconds);
    if (credentials.basic) reply.header('WWW-Authenticate', 'Basic');
    throw invalidSystemClient();
  }
  const scopes = grantedScopes(form.scope, client.scopes);
  await app.attemptLimiter.succeed(keys.user);
  const token = newSystemToken();
  const now = new Date();
  await issueSystemToken(
    app.db,
    {
      hash: sha256Hex(token),
      clientId: client.id,
      scopes,
      expiresAt: new Date(now.getTime() + SYSTEM_TOKEN_TTL_SECONDS * 1000),
    },
    now,
  );
  await app.audit.record(request, {
    action: AUDIT_ACTIONS.execute,
    outcome: 'success',
    objectType: AUDIT_OBJECTS.system_client_token,
    objectId: client.id,
    actor: { userId: null, username: client.name, entityId: client.entityId, role: SYSTEM_CLIENT_ROLE },
    detail: { SystemClientId: client.id, SystemClient: client.name, scope: scopes.join(' ') },
  });
  return {
    token_type: 'Bearer',
    access_token: token,
    expires_in: SYSTEM_TOKEN_TTL_SECONDS,
    scope: scopes.join(' '),
  };
}
