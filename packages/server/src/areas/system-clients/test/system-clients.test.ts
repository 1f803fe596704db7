import type { Bundle, OperationOutcome } from '@medplum/fhirtypes';
import { type SystemClientCreated, SYSTEM_CLIENT_SCOPES } from '@zorgportaal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../../schema.ts';
import { type Api, apiAs } from '../../../../test/helpers/api.ts';
import { auditRows } from '../../../../test/helpers/audit.ts';
import { entityIdOf } from '../../../../test/helpers/entities.ts';
import { postToken } from '../../../../test/helpers/login.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

const BASE = '/api/management/settings/systemclients';
const FHIR = '/fhir/R4';

/**
 * System clients (OAuth2 client credentials) of an organisation: managed by its Beheerder, a token that
 * carries the organisation and the scopes but no user, accepted only on /fhir/R4, stopped at once by a
 * revocation; the organisation's tenant scope exactly as its users'; every read logged naming the client.
 */
describe('system clients and the client credentials grant', () => {
  let t: TestApp;
  let apotheker: Api;
  let client: SystemClientCreated;
  let token: string;
  /** A client of De Berk (supplied by Apotheek De Linde) and one of Het Anker (supplied by Apotheek Centrum). */
  let ownPatient: number;
  let otherPatient: number;

  const create = async (body: unknown, api = apotheker) => api.post(BASE, body);
  const tokenFor = (fields: Record<string, string>) =>
    postToken(t.app, { grant_type: 'client_credentials', ...fields });
  const bearer = (access: string) => ({ authorization: `Bearer ${access}` });
  const fhirGet = (url: string, access = token) =>
    t.app.inject({ method: 'GET', url, headers: bearer(access) });
  const basic = (id: string, secret: string) =>
    `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

  beforeAll(async () => {
    t = await buildTestApp();
    apotheker = await apiAs(t.app, 'apotheker');
    const deBerk = await entityIdOf(t, 'Zorgcentrum De Berk');
    const hetAnker = await entityIdOf(t, 'Zorgcentrum Het Anker');
    const patientOf = async (entityId: number) =>
      (await t.db.select({ id: s.patients.id }).from(s.patients).where(eq(s.patients.entityId, entityId)))[0]!
        .id;
    ownPatient = await patientOf(deBerk);
    otherPatient = await patientOf(hetAnker);
    const res = await create({ Name: 'AIS De Linde', Scopes: SYSTEM_CLIENT_SCOPES });
    expect(res.statusCode).toBe(201);
    client = res.json<SystemClientCreated>();
    const issued = await tokenFor({ client_id: client.ClientId, client_secret: client.ClientSecret! });
    expect(issued.statusCode).toBe(200);
    token = issued.json<{ access_token: string }>().access_token;
  });
  afterAll(() => t.close());

  it('creates a client: the secret once in the answer, only its hash stored, an audit entry', async () => {
    expect(client.ClientId).toMatch(/^zpsc_[0-9a-f]{24}$/);
    expect(client.ClientSecret!.length).toBeGreaterThanOrEqual(43);
    const [row] = await t.db.select().from(s.systemClients).where(eq(s.systemClients.id, client.Id));
    expect(row!.secretHash).toMatch(/^scrypt\$/);
    expect(row!.secretHash).not.toContain(client.ClientSecret!);
    const list = await apotheker.get(BASE);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(client.ClientSecret!);
    expect(list.json().Rows).toContainEqual(expect.objectContaining({ Id: client.Id, RevokedAt: null }));
    const entries = await auditRows(t, { objectType: 'system_client', objectId: client.Id, action: 'C' });
    expect(entries).toHaveLength(1);
    expect(entries[0]!.username).toBe('apotheker');
  });

  it('refuses bad input naming the field, and a user without settings.manage', async () => {
    const noName = await create({ Name: ' ', Scopes: ['system/Patient.rs'] });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().Fields).toHaveProperty('Name');
    const badScope = await create({ Name: 'x', Scopes: ['system/*.rs'] });
    expect(badScope.statusCode).toBe(400);
    expect(Object.keys(badScope.json().Fields)[0]).toMatch(/^Scopes/);
    const assistent = await apiAs(t.app, 'assistent');
    expect((await assistent.get(BASE)).statusCode).toBe(403);
    expect((await create({ Name: 'x', Scopes: ['system/Patient.rs'] }, assistent)).statusCode).toBe(403);
  });

  it('issues a token by the form and by HTTP Basic; it carries the scopes, no refresh token', async () => {
    const byBasic = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: basic(client.ClientId, client.ClientSecret!),
      },
      payload: 'grant_type=client_credentials&scope=system%2FPatient.rs',
    });
    expect(byBasic.statusCode).toBe(200);
    const body = byBasic.json();
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 300, scope: 'system/Patient.rs' });
    expect(body).not.toHaveProperty('refresh_token');
    expect(byBasic.headers['cache-control']).toContain('no-store');
  });

  it('the token reads FHIR in the organisation scope, and each read names the system client', async () => {
    const res = await fhirGet(`${FHIR}/Patient/${ownPatient}`);
    expect(res.statusCode).toBe(200);
    const [entry] = await auditRows(t, { objectType: 'patient', objectId: ownPatient, outcome: 'success' });
    expect(entry).toMatchObject({ userId: null, username: 'AIS De Linde', role: 'Systeemclient' });
    expect(entry!.detail).toMatchObject({ SystemClientId: client.Id, SystemClient: 'AIS De Linde' });
    const search = await fhirGet(`${FHIR}/MedicationRequest?patient=${ownPatient}`);
    expect(search.statusCode).toBe(200);
    expect(search.json<Bundle>().entry?.length).toBeGreaterThan(0);
  });

  it('the token is refused on every /api route', async () => {
    for (const url of [BASE, '/api/patients', '/api/account', '/api/dashboard']) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(res.statusCode, url).toBe(401);
    }
    const write = await t.app.inject({
      method: 'POST',
      url: BASE,
      headers: bearer(token),
      payload: { Name: 'x', Scopes: ['system/Patient.rs'] },
    });
    expect(write.statusCode).toBe(401);
  });

  it('a wrong secret or unknown client is 401 invalid_client (RFC 6749), and logged', async () => {
    const wrong = await tokenFor({ client_id: client.ClientId, client_secret: 'not-the-secret' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ error: 'invalid_client' });
    const unknown = await tokenFor({ client_id: 'zpsc_000000000000000000000000', client_secret: 'x' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({ error: 'invalid_client' });
    const none = await tokenFor({});
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ error: 'invalid_client' });
    const byBasic = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: basic(client.ClientId, 'wrong'),
      },
      payload: 'grant_type=client_credentials',
    });
    expect(byBasic.statusCode).toBe(401);
    expect(byBasic.headers['www-authenticate']).toBe('Basic');
    expect(
      await auditRows(t, { objectType: 'system_client_token', objectId: client.Id, outcome: 'failure' }),
    ).not.toEqual([]);
    const notGranted = await tokenFor({
      client_id: client.ClientId,
      client_secret: client.ClientSecret!,
      scope: 'system/Encounter.rs',
    });
    expect(notGranted.statusCode).toBe(400);
    expect(notGranted.json()).toMatchObject({ error: 'invalid_scope' });
  });

  it('limits guesses at a secret like passwords (429 after the limit)', async () => {
    const res = await create({ Name: 'Doelwit', Scopes: ['system/Patient.rs'] });
    const target = res.json<SystemClientCreated>();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await tokenFor({ client_id: target.ClientId, client_secret: `gok-${i}` })).statusCode);
    expect(statuses).toContain(429);
    // Locked: even the right secret waits.
    const right = await tokenFor({ client_id: target.ClientId, client_secret: target.ClientSecret! });
    expect(right.statusCode).toBe(429);
  });

  it('scope system/Patient.rs only: Patient 200, MedicationRequest 403 OperationOutcome', async () => {
    const res = await create({ Name: 'Alleen cliënten', Scopes: ['system/Patient.rs'] });
    const narrow = res.json<SystemClientCreated>();
    const issued = await tokenFor({ client_id: narrow.ClientId, client_secret: narrow.ClientSecret! });
    const access = issued.json<{ access_token: string }>().access_token;
    expect((await fhirGet(`${FHIR}/Patient/${ownPatient}`, access)).statusCode).toBe(200);
    for (const url of [
      `${FHIR}/MedicationRequest`,
      `${FHIR}/MedicationRequest/1`,
      `${FHIR}/Observation`,
      `${FHIR}/Organization`,
    ]) {
      const refused = await fhirGet(url, access);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json<OperationOutcome>()).toMatchObject({
        resourceType: 'OperationOutcome',
        issue: [{ code: 'forbidden' }],
      });
    }
    // $everything leaves out what the scopes do not grant.
    const all = await fhirGet(`${FHIR}/Patient/${ownPatient}/$everything`, access);
    expect(all.statusCode).toBe(200);
    const types = new Set(all.json<Bundle>().entry!.map((e) => e.resource!.resourceType));
    expect([...types]).toEqual(['Patient']);
  });

  it("another pharmacy's client: 404 and an empty searchset, each with a refused entry naming the client", async () => {
    const read = await fhirGet(`${FHIR}/Patient/${otherPatient}`);
    expect(read.statusCode).toBe(404);
    expect(read.json()).toMatchObject({ resourceType: 'OperationOutcome' });
    const search = await fhirGet(`${FHIR}/MedicationAdministration?patient=Patient/${otherPatient}`);
    expect(search.statusCode).toBe(200);
    expect(search.json<Bundle>().entry ?? []).toEqual([]);
    const everything = await fhirGet(`${FHIR}/Patient/${otherPatient}/$everything`);
    expect(everything.statusCode).toBe(404);
    const refused = await auditRows(t, {
      objectType: 'patient',
      objectId: otherPatient,
      outcome: 'refused',
      username: 'AIS De Linde',
    });
    expect(refused.length).toBe(3);
    for (const entry of refused) expect(entry.detail).toMatchObject({ SystemClientId: client.Id });
  });

  it("$everything: the client's record in one searchset, logged naming the client", async () => {
    const res = await fhirGet(`${FHIR}/Patient/${ownPatient}/$everything`);
    expect(res.statusCode).toBe(200);
    const bundle = res.json<Bundle>();
    expect(bundle.type).toBe('searchset');
    const entries = bundle.entry!;
    expect(entries[0]!.resource).toMatchObject({ resourceType: 'Patient', id: String(ownPatient) });
    const types = new Set(entries.map((e) => e.resource!.resourceType));
    expect(types).toContain('MedicationRequest');
    expect(types).toContain('Medication');
    // Every clinical resource is this client's, every referenced Medication is there.
    const medications = new Set(
      entries
        .filter((e) => e.resource!.resourceType === 'Medication')
        .map((e) => `Medication/${e.resource!.id}`),
    );
    for (const { resource } of entries) {
      const r = resource as {
        subject?: { reference?: string };
        medicationReference?: { reference?: string };
      };
      if (r.subject) expect(r.subject.reference).toBe(`Patient/${ownPatient}`);
      if (r.medicationReference) expect(medications).toContain(r.medicationReference.reference);
    }
    const requests = entries.filter((e) => e.resource!.resourceType === 'MedicationRequest').length;
    const inDb = await t.db
      .select({ id: s.medicationAgreements.id })
      .from(s.medicationAgreements)
      .where(eq(s.medicationAgreements.patientId, ownPatient));
    expect(requests).toBe(inDb.length);
    const logged = await auditRows(t, {
      objectType: 'fhir_everything',
      objectId: ownPatient,
      username: 'AIS De Linde',
    });
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ patientId: ownPatient, role: 'Systeemclient' });
    expect(logged[0]!.detail).toMatchObject({ SystemClientId: client.Id });
    // Unknown parameters are refused, not ignored.
    expect((await fhirGet(`${FHIR}/Patient/${ownPatient}/$everything?_since=2020`)).statusCode).toBe(400);
  });

  it("revoking stops the client's tokens at once; another organisation cannot revoke it", async () => {
    const anker = await apiAs(t.app, 'anker');
    const foreign = await anker.post(`${BASE}/${client.Id}/revoke`);
    expect(foreign.statusCode).toBe(404);
    expect(
      await auditRows(t, { objectType: 'system_client', objectId: client.Id, outcome: 'refused' }),
    ).toHaveLength(1);
    // Used (and cached) just before the revocation.
    expect((await fhirGet(`${FHIR}/Patient/${ownPatient}`)).statusCode).toBe(200);
    const revoked = await apotheker.post(`${BASE}/${client.Id}/revoke`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().RevokedAt).not.toBeNull();
    const after = await fhirGet(`${FHIR}/Patient/${ownPatient}`);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ code: 'login' }] });
    const again = await tokenFor({ client_id: client.ClientId, client_secret: client.ClientSecret! });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ error: 'invalid_client' });
    expect((await apotheker.post(`${BASE}/${client.Id}/revoke`)).statusCode).toBe(409);
    expect(
      await auditRows(t, {
        objectType: 'system_client',
        objectId: client.Id,
        action: 'U',
        outcome: 'success',
      }),
    ).toHaveLength(1);
  });
});
