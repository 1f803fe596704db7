import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { JWT_BEARER_ASSERTION_TYPE, type SystemClientCreated } from '@zorgportaal/contract';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type CryptoKey, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../../schema.ts';
import { type Api, apiAs } from '../../../../test/helpers/api.ts';
import { auditRows } from '../../../../test/helpers/audit.ts';
import { postToken } from '../../../../test/helpers/login.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

const BASE = '/api/management/settings/systemclients';

/**
 * private_key_jwt (RFC 7523, SMART Backend Services): a system client registered with its public key gets
 * a token for a JWT signed with its private key: iss = sub = its client id, aud the token endpoint, at most
 * five minutes, each jti once. Anything else is 401 invalid_client with the reason in the audit log.
 */
describe('system clients with private_key_jwt', () => {
  let t: TestApp;
  let apotheker: Api;
  let tokenUrl: string;
  let rsa: { privateKey: CryptoKey; publicKey: CryptoKey };
  let client: SystemClientCreated;

  const assertion = (
    clientId: string,
    key: CryptoKey,
    opts: { alg?: string; aud?: string; exp?: number; jti?: string; kid?: string } = {},
  ) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({})
      .setProtectedHeader({ alg: opts.alg ?? 'RS384', ...(opts.kid ? { kid: opts.kid } : {}) })
      .setIssuer(clientId)
      .setSubject(clientId)
      .setAudience(opts.aud ?? tokenUrl)
      .setIssuedAt(now)
      .setExpirationTime(opts.exp ?? now + 240)
      .setJti(opts.jti ?? randomUUID())
      .sign(key);
  };
  const tokenWith = (signed: string, extra: Record<string, string> = {}) =>
    postToken(t.app, {
      grant_type: 'client_credentials',
      client_assertion_type: JWT_BEARER_ASSERTION_TYPE,
      client_assertion: signed,
      ...extra,
    });
  /** The reason of the newest refused token request of the client. */
  const lastReason = async (id: number) =>
    (await auditRows(t, { objectType: 'system_client_token', objectId: id, outcome: 'failure' })).at(-1)
      ?.detail as { reason?: string } | undefined;

  beforeAll(async () => {
    t = await buildTestApp();
    apotheker = await apiAs(t.app, 'apotheker');
    tokenUrl = `${t.app.config.publicUrl}/oauth/token`;
    rsa = await generateKeyPair('RS384', { extractable: true });
    const jwk = { ...(await exportJWK(rsa.publicKey)), kid: 'ais-2026', alg: 'RS384', use: 'sig' };
    const res = await apotheker.post(BASE, {
      Name: 'AIS met sleutel',
      Scopes: ['system/Patient.rs'],
      AuthMethod: 'private_key_jwt',
      PublicKey: JSON.stringify({ keys: [jwk] }),
    });
    expect(res.statusCode).toBe(201);
    client = res.json<SystemClientCreated>();
  });
  afterAll(() => t.close());

  it('registers the public key: no secret, only the public members stored, the key id shown', async () => {
    expect(client).toMatchObject({ ClientSecret: null, AuthMethod: 'private_key_jwt', KeyIds: ['ais-2026'] });
    const [row] = await t.db.select().from(s.systemClients).where(eq(s.systemClients.id, client.Id));
    expect(row!.secretHash).toBeNull();
    expect(Object.keys(row!.publicKeys!.keys[0]!).sort()).toEqual(['alg', 'e', 'kid', 'kty', 'n']);
    const [entry] = await auditRows(t, { objectType: 'system_client', objectId: client.Id, action: 'C' });
    expect(entry!.changedFields).toContain('PublicKey');
  });

  it('a valid assertion gets a token, which reads FHIR', async () => {
    const res = await tokenWith(await assertion(client.ClientId, rsa.privateKey, { kid: 'ais-2026' }));
    expect(res.statusCode).toBe(200);
    const access = res.json<{ access_token: string }>().access_token;
    const read = await t.app.inject({
      method: 'GET',
      url: '/fhir/R4/Patient?_count=1',
      headers: { authorization: `Bearer ${access}` },
    });
    expect(read.statusCode).toBe(200);
    // The form's client_id may name the client too, if it is the same.
    const named = await tokenWith(await assertion(client.ClientId, rsa.privateKey), {
      client_id: client.ClientId,
    });
    expect(named.statusCode).toBe(200);
  });

  it('refuses a wrong key, an expired or too long assertion, a replayed jti and a wrong audience', async () => {
    const other = await generateKeyPair('RS384');
    const now = Math.floor(Date.now() / 1000);
    const jti = randomUUID();
    const first = await tokenWith(await assertion(client.ClientId, rsa.privateKey, { jti }));
    expect(first.statusCode).toBe(200);
    const cases: [string, Promise<string>][] = [
      ['assertion_signature', assertion(client.ClientId, other.privateKey)],
      ['assertion_expired', assertion(client.ClientId, rsa.privateKey, { exp: now - 120 })],
      ['assertion_too_long', assertion(client.ClientId, rsa.privateKey, { exp: now + 3600 })],
      ['assertion_replayed', assertion(client.ClientId, rsa.privateKey, { jti })],
      [
        'assertion_audience',
        assertion(client.ClientId, rsa.privateKey, { aud: 'https://elders/oauth/token' }),
      ],
      ['assertion_signature', assertion(client.ClientId, rsa.privateKey, { alg: 'RS384', kid: 'onbekend' })],
    ];
    for (const [reason, signed] of cases) {
      const res = await tokenWith(await signed);
      expect(res.statusCode, reason).toBe(401);
      expect(res.json(), reason).toMatchObject({ error: 'invalid_client' });
      expect(await lastReason(client.Id), reason).toMatchObject({ reason, method: 'private_key_jwt' });
    }
    // HS256 with the public key as secret (algorithm confusion) is not accepted either.
    const hs = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(client.ClientId)
      .setSubject(client.ClientId)
      .setAudience(tokenUrl)
      .setExpirationTime('2m')
      .setJti(randomUUID())
      .sign(new TextEncoder().encode('x'.repeat(32)));
    expect((await tokenWith(hs)).statusCode).toBe(401);
    // The client itself still works (and the success clears its failure count).
    expect((await tokenWith(await assertion(client.ClientId, rsa.privateKey))).statusCode).toBe(200);
  });

  it('an EC P-384 key pasted as PEM signs with ES384', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-384' });
    const res = await apotheker.post(BASE, {
      Name: 'HIS met PEM',
      Scopes: ['system/Patient.rs'],
      AuthMethod: 'private_key_jwt',
      PublicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    });
    expect(res.statusCode).toBe(201);
    const pem = res.json<SystemClientCreated>();
    expect(pem.KeyIds).toHaveLength(1);
    const signed = await assertion(pem.ClientId, privateKey as unknown as CryptoKey, { alg: 'ES384' });
    expect((await tokenWith(signed)).statusCode).toBe(200);
  });

  it('refuses a bad key on creation, naming PublicKey', async () => {
    const weak = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ format: 'jwk' });
    const secretJwk = { ...(await exportJWK(rsa.privateKey)) };
    for (const PublicKey of [
      'geen sleutel',
      JSON.stringify(weak),
      JSON.stringify(secretJwk),
      JSON.stringify({ kty: 'oct', k: 'AAAA' }),
      '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----',
    ]) {
      const res = await apotheker.post(BASE, {
        Name: 'Fout',
        Scopes: ['system/Patient.rs'],
        AuthMethod: 'private_key_jwt',
        PublicKey,
      });
      expect(res.statusCode, PublicKey).toBe(400);
      expect(Object.keys(res.json().Fields), PublicKey).toEqual(['PublicKey']);
    }
    const missing = await apotheker.post(BASE, {
      Name: 'Fout',
      Scopes: ['system/Patient.rs'],
      AuthMethod: 'private_key_jwt',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().Fields).toHaveProperty('PublicKey');
  });

  it('one method at a time: a secret and an assertion, a wrong type, or the other method are refused', async () => {
    const signed = await assertion(client.ClientId, rsa.privateKey);
    const both = await tokenWith(signed, { client_id: client.ClientId, client_secret: 'x' });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toMatchObject({ error: 'invalid_request' });
    const wrongType = await postToken(t.app, {
      grant_type: 'client_credentials',
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:saml2-bearer',
      client_assertion: signed,
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().Fields).toHaveProperty('client_assertion_type');
    const otherId = await tokenWith(signed, { client_id: 'zpsc_000000000000000000000000' });
    expect(otherId.statusCode).toBe(401);
    // A key client has no secret; a secret client cannot use an assertion.
    const bySecret = await postToken(t.app, {
      grant_type: 'client_credentials',
      client_id: client.ClientId,
      client_secret: 'x'.repeat(43),
    });
    expect(bySecret.statusCode).toBe(401);
    expect(await lastReason(client.Id)).toMatchObject({ reason: 'wrong_method' });
    const secretClient = (
      await apotheker.post(BASE, { Name: 'Met geheim', Scopes: ['system/Patient.rs'] })
    ).json<SystemClientCreated>();
    const res = await tokenWith(await assertion(secretClient.ClientId, rsa.privateKey));
    expect(res.statusCode).toBe(401);
    expect(await lastReason(secretClient.Id)).toMatchObject({ reason: 'wrong_method' });
  });

  it('a revoked key client gets no token', async () => {
    expect((await apotheker.post(`${BASE}/${client.Id}/revoke`)).statusCode).toBe(200);
    const res = await tokenWith(await assertion(client.ClientId, rsa.privateKey));
    expect(res.statusCode).toBe(401);
    expect(await lastReason(client.Id)).toMatchObject({ reason: 'revoked' });
  });
});
