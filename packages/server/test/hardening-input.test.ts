import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../src/schema.ts';
import { type Api, apiAs } from './helpers/api.ts';
import { postToken } from './helpers/login.ts';
import { demoPatientOf, departmentIdOf } from './helpers/medication.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/** Bad input is a 400 naming the field, ids fit the columns, and every error has the one body. */
describe('hardened input and error bodies', () => {
  let t: TestApp;
  let admin: Api;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await apiAs(t.app, 'beheerder');
  });
  afterAll(() => t.close());

  const form = (url: string, payload: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload,
    });
  const expectRefused = (res: { statusCode: number; json: () => unknown }, field: string) => {
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Code: 'VALIDATION_FAILED', Fields: { [field]: expect.any(String) } });
  };

  describe('a NUL byte in any text is a 400 naming the field', () => {
    it('in the login and password forms (no login needed)', async () => {
      const login = await postToken(t.app, {
        grant_type: 'password',
        client_id: 1,
        username: 'a\u0000b',
        password: 'x',
      });
      expectRefused(login, 'username');
      expectRefused(await form('/api/auth/forgotpassword', 'email=a%00b%40example.org'), 'email');
    });

    it('in person names, search terms, the log filter, IP descriptions and consent texts', async () => {
      const person = await admin.post('/api/person', {
        NameInformation: { FirstNames: 'Jan\u0000', LastName: { LastName: 'Jansen' } },
      });
      expectRefused(person, 'NameInformation.FirstNames');
      expectRefused(await admin.get('/api/personinfo?q=%00'), 'q');
      expectRefused(await admin.get('/api/patients?q=%00'), 'q');
      expectRefused(await admin.get('/api/log?outcome=%00'), 'outcome');
      const ip = await admin.post('/api/account/ips', {
        Ip: '10.0.0.1',
        ProductId: 1,
        Description: 'kantoor\u0000',
      });
      expectRefused(ip, 'Description');
      const patient = await demoPatientOf(t, 'Afdeling Eikenhof');
      const consent = await admin.post('/api/etdr/informedconsent', {
        PatientId: patient.id,
        SignerName: 'J. Jansen',
        SignerRole: 'client',
        ConsentText: 'Ik geef toestemming\u0000',
        Signature: 'iVBORw0KGgo=',
      });
      expectRefused(consent, 'ConsentText');
    });
  });

  describe('one id schema: positive int32 in decimal digits', () => {
    it('refuses ids past 2^31 in paths, queries, forms and bodies', async () => {
      expectRefused(await admin.get('/api/person/2147483648'), 'id');
      expectRefused(await admin.get('/api/personinfo?role=2147483648'), 'role');
      expectRefused(await admin.get('/api/administration/results?patientId=2147483648'), 'patientId');
      expectRefused(await admin.get('/api/log?userId=2147483648'), 'userId');
      const reset = await form(
        '/api/auth/passwordreset',
        'account_id=2147483648&current_password=a&password=b&password_confirmation=b',
      );
      expectRefused(reset, 'account_id');
      const agreement = await admin.post('/api/medication/agreement/2147483648/stop', {
        StopType: 'stopped',
        Reason: 'test',
      });
      expectRefused(agreement, 'id');
    });

    it('does not read 0x10, 16.0, 1e1, +5 or " 5" as an id', async () => {
      for (const id of ['0x10', '16.0', '1e1', '%2B5', '%205'])
        expectRefused(await admin.get(`/api/person/${id}`), 'id');
    });
  });

  describe('one error body for framework and client errors', () => {
    it('answers a too-long path segment with 414 without echoing the URL', async () => {
      const segment = 'geheim'.repeat(30);
      const res = await admin.get(`/api/person/${segment}`);
      expect(res.statusCode).toBe(414);
      expect(res.json()).toEqual({ Code: 'URI_TOO_LONG', Message: expect.any(String) });
      expect(res.body).not.toContain('geheim');
    });

    it('answers an undecodable path with 400 in the one shape', async () => {
      const res = await admin.get('/api/person/%E0%A4%A');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ Code: 'VALIDATION_FAILED', Message: expect.any(String) });
    });

    it('answers a 20 kB query over HTTP with 431 in the one shape', async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest(
          { host: '127.0.0.1', port, path: `/api/personinfo?q=${'x'.repeat(20_000)}` },
          (res) => {
            let body = '';
            res.on('data', (chunk) => (body += chunk));
            res.on('end', () => resolve({ status: res.statusCode!, body }));
          },
        );
        req.on('error', reject);
        req.end();
      });
      expect(answer.status).toBe(431);
      expect(JSON.parse(answer.body)).toEqual({ Code: 'HEADERS_TOO_LARGE', Message: expect.any(String) });
    });

    it('answers linking a person who already is a patient with 409 { Code, Message } only', async () => {
      const patient = await demoPatientOf(t, 'Afdeling Eikenhof');
      const res = await admin.post(`/api/patient/link/person/${patient.personId}`, {
        Bsn: '111222333',
        DepartmentId: await departmentIdOf(t, 'Afdeling Eikenhof'),
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ Code: 'CONFLICT', Message: expect.any(String) });
    });
  });

  describe('entity settings: known keys with their types only', () => {
    const put = (payload: unknown) => admin.put('/api/management/settings/1', payload);

    it('refuses an unknown key and a wrongly typed one, naming the field', async () => {
      expectRefused(await put({ Theme: 'dark' }), 'Theme');
      expectRefused(await put({ WelcomeText: 5 }), 'WelcomeText');
    });

    it('does not let PharmacyIdentifier or CareCenter change what the entity type is derived from', async () => {
      expectRefused(await put({ PharmacyIdentifier: 'AP-NEP' }), 'PharmacyIdentifier');
      expectRefused(await put({ CareCenter: false }), 'CareCenter');
      const read = await admin.get('/api/management/settings');
      expect(read.json()).toMatchObject({ Type: 'carecenter', CareCenter: true, PharmacyIdentifier: null });
      // What was read may be sent back unchanged.
      const echoed = await put({ ...read.json<Record<string, unknown>>(), WelcomeText: 'Welkom' });
      expect(echoed.statusCode).toBe(200);
      expect(echoed.json()).toMatchObject({ Type: 'carecenter', WelcomeText: 'Welkom' });
      const [entity] = await t.db.select().from(s.entities).where(eq(s.entities.id, read.json().Id));
      expect(entity!.settings).not.toHaveProperty('PharmacyIdentifier');
    });
  });
});
