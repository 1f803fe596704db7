import type {
  AdministrationList,
  Agreement,
  MedicationList,
  Patient,
  Registration,
} from '@zorgportaal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../../schema.ts';
import { localInstant } from '../../../platform/time.ts';
import { TWEESTAPS_SECRET, codeAt, wrongCode } from '../../../../test/helpers/account-security.ts';
import { type Api, apiAs } from '../../../../test/helpers/api.ts';
import { auditRows } from '../../../../test/helpers/audit.ts';
import { entityIdOf } from '../../../../test/helpers/entities.ts';
import {
  agreementBody,
  departmentIdOf,
  newClient,
  patientBody,
  today,
} from '../../../../test/helpers/medication.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';
import { DEMO_PASSWORD } from '../../../seed/demo-data.ts';

/** The local (Amsterdam) time now as HH:mm: the tests register a dose that is due now. */
const nowHhmm = () =>
  new Intl.DateTimeFormat('nl-NL', {
    timeZone: 'Europe/Amsterdam',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date());

describe('double check at the dose: the second professional confirms in the registration itself', () => {
  let t: TestApp;
  let nurse: Api;
  let beheerder: Api;
  let patient: Patient;
  let insulinId: number;
  let eikenhof: number;

  /** A fresh risk (insulin) agreement with one moment due now; returns the registration body of that dose. */
  async function riskDoseDueNow() {
    const time = nowHhmm();
    const agreement = (
      await beheerder.post(
        '/api/medication/agreement',
        agreementBody(patient.Id, insulinId, {
          Instructions: { DoseUnit: 'eenheden', Moments: [{ Time: time, Dose: 8 }] },
          DistributionForm: 'loose',
        }),
      )
    ).json<Agreement>();
    return {
      AgreementId: agreement.Id,
      ScheduledAt: localInstant(today(), time).toISOString(),
      Status: 'given',
    };
  }
  const register = (body: object) => nurse.post('/api/administration/registration', body);
  const accountId = async (username: string) =>
    (await t.db.select().from(s.accounts).where(eq(s.accounts.username, username)))[0]!.id;

  beforeAll(async () => {
    t = await buildTestApp();
    beheerder = await apiAs(t.app, 'beheerder');
    nurse = await apiAs(t.app, 'verpleegkundige');
    eikenhof = await departmentIdOf(t, 'Afdeling Eikenhof');
    const personId = await newClient(t, 'Zorgcentrum De Berk', 'Dubbelcontrole');
    patient = (
      await beheerder.post(`/api/patient/link/person/${personId}`, patientBody(eikenhof, '111222333'))
    ).json();
    insulinId = (
      await beheerder.get('/api/medication/catalogue?q=INSULINE%20GLARGINE')
    ).json<MedicationList>().Rows[0]!.Id;
  });
  afterAll(() => t.close());

  it('registers a risk dose complete at once with a valid second professional; the Logboek names both', async () => {
    const body = await riskDoseDueNow();
    const res = await register({ ...body, DoubleCheck: { Username: 'beheerder', Password: DEMO_PASSWORD } });
    expect(res.statusCode).toBe(201);
    const registration = res.json<Registration>();
    expect(registration).toMatchObject({
      DoubleCheckRequired: true,
      AwaitingDoubleCheck: false,
      RecordedBy: { Username: 'verpleegkundige' },
      DoubleCheckBy: { Username: 'beheerder' },
    });
    const created = (await auditRows(t, { objectType: 'administration' })).find(
      (r) => r.objectId === String(registration.Id),
    )!;
    expect(created).toMatchObject({ username: 'verpleegkundige', action: 'C' });
    expect(created.detail).toMatchObject({ DoubleCheckBy: await accountId('beheerder') });
    const checked = (await auditRows(t, { objectType: 'administration_double_check' })).find(
      (r) => r.objectId === String(registration.Id),
    )!;
    expect(checked).toMatchObject({ username: 'beheerder', userId: await accountId('beheerder') });
    expect(checked.detail).toMatchObject({ AtDose: true, RecordedBy: { Username: 'verpleegkundige' } });
    // The list shows the dose as done, not waiting.
    const list = (
      await nurse.get(`/api/administration/list?departmentId=${eikenhof}&date=${today()}`)
    ).json<AdministrationList>();
    const moment = list.Moments.find((m) => m.AgreementId === body.AgreementId)!;
    expect(moment.Registrations[0]).toMatchObject({ AwaitingDoubleCheck: false });
    // The after-the-fact check finds nothing left to do.
    expect(
      (await beheerder.post(`/api/administration/registration/${registration.Id}/doublecheck`, {}))
        .statusCode,
    ).toBe(409);
  });

  it('refuses the first user as their own checker, naming the field; nothing is stored', async () => {
    const body = await riskDoseDueNow();
    const res = await register({
      ...body,
      DoubleCheck: { Username: 'verpleegkundige', Password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().Fields).toHaveProperty(['DoubleCheck.Username']);
    const stored = await t.db
      .select()
      .from(s.administrations)
      .where(eq(s.administrations.agreementId, body.AgreementId));
    expect(stored).toEqual([]);
  });

  it('refuses a wrong password with a field error; the first user stays logged in', async () => {
    const body = await riskDoseDueNow();
    const res = await register({
      ...body,
      DoubleCheck: { Username: 'beheerder', Password: 'Fout-wachtwoord-1' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().Fields).toHaveProperty(['DoubleCheck.Password']);
    expect((await nurse.get(`/api/administration/list?departmentId=${eikenhof}`)).statusCode).toBe(200);
    const failed = await auditRows(t, { objectType: 'login', outcome: 'failure' });
    expect(failed.some((r) => r.username === 'beheerder' && r.detail?.step === 'double_check')).toBe(true);
    // The right password then completes the same dose.
    const ok = await register({ ...body, DoubleCheck: { Username: 'beheerder', Password: DEMO_PASSWORD } });
    expect(ok.statusCode).toBe(201);
  });

  it('asks a checker with 2FA for a valid code, and accepts each code once', async () => {
    const body = await riskDoseDueNow();
    const credentials = { Username: 'tweestaps', Password: DEMO_PASSWORD };
    const without = await register({ ...body, DoubleCheck: credentials });
    expect(without.statusCode).toBe(422);
    expect(without.json().Fields).toHaveProperty(['DoubleCheck.Totp']);
    const wrong = await register({
      ...body,
      DoubleCheck: { ...credentials, Totp: wrongCode(TWEESTAPS_SECRET) },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().Fields).toHaveProperty(['DoubleCheck.Totp']);
    const code = codeAt(TWEESTAPS_SECRET);
    const ok = await register({ ...body, DoubleCheck: { ...credentials, Totp: code } });
    expect(ok.statusCode).toBe(201);
    expect(ok.json<Registration>().DoubleCheckBy?.Username).toBe('tweestaps');
    const replay = await register({
      ...(await riskDoseDueNow()),
      DoubleCheck: { ...credentials, Totp: code },
    });
    expect(replay.statusCode).toBe(422);
    expect(replay.json().Fields).toHaveProperty(['DoubleCheck.Totp']);
  });

  it('refuses a checker of another organisation, even with the right password', async () => {
    const body = await riskDoseDueNow();
    const res = await register({ ...body, DoubleCheck: { Username: 'anker', Password: DEMO_PASSWORD } });
    expect(res.statusCode).toBe(422);
    expect(res.json().Fields).toHaveProperty(['DoubleCheck.Username']);
  });

  it('refuses a double check on a dose that needs none', async () => {
    const body = { ...(await riskDoseDueNow()), Status: 'refused', DeviationReason: 'refused' };
    const res = await register({ ...body, DoubleCheck: { Username: 'beheerder', Password: DEMO_PASSWORD } });
    expect(res.statusCode).toBe(422);
    expect(res.json().Fields).toHaveProperty(['DoubleCheck']);
  });

  it('locks the checker out after repeated wrong passwords, like the login (429), and the nurse stays in', async () => {
    const body = await riskDoseDueNow();
    const attempt = () =>
      register({ ...body, DoubleCheck: { Username: 'anker', Password: 'Fout-wachtwoord-1' } });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await attempt()).statusCode);
    expect(statuses.slice(0, 9)).toEqual(Array(9).fill(422));
    expect(statuses[9]).toBe(429);
    // Locked: even the right password is not verified now, for the checker and for the login alike.
    const right = await register({ ...body, DoubleCheck: { Username: 'anker', Password: DEMO_PASSWORD } });
    expect(right.statusCode).toBe(429);
    expect((await nurse.get(`/api/administration/list?departmentId=${eikenhof}`)).statusCode).toBe(200);
  });
});

describe('client photo on the toedienlijst', () => {
  let t: TestApp;
  let nurse: Api;
  beforeAll(async () => {
    t = await buildTestApp();
    nurse = await apiAs(t.app, 'verpleegkundige');
  });
  afterAll(() => t.close());

  it('lists a photo version per client and serves the photo with an ETag; a foreign client is a 404', async () => {
    const eikenhof = await departmentIdOf(t, 'Afdeling Eikenhof');
    const list = (
      await nurse.get(`/api/administration/list?departmentId=${eikenhof}&date=${today()}`)
    ).json<AdministrationList>();
    const withPhoto = list.Moments.find((m) => m.PhotoVersion)!;
    expect(withPhoto.PhotoVersion).toMatch(/^[\w-]{16}$/);
    const url = `/api/administration/photo/${withPhoto.PatientId}?v=${withPhoto.PhotoVersion}`;
    const photo = await nurse.get(url);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.rawPayload.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(photo.headers.etag).toBe(`"${withPhoto.PhotoVersion}"`);
    const read = await auditRows(t, { objectType: 'person_avatar', outcome: 'success' });
    expect(read.some((r) => r.patientId === withPhoto.PatientId)).toBe(true);
    const again = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...(await bearerOf('verpleegkundige')), 'if-none-match': photo.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);

    const anker = await entityIdOf(t, 'Zorgcentrum Het Anker');
    const [foreign] = await t.db.select().from(s.patients).where(eq(s.patients.entityId, anker)).limit(1);
    const refused = await nurse.get(`/api/administration/photo/${foreign!.id}`);
    expect(refused.statusCode).toBe(404);
    const logged = await auditRows(t, { objectType: 'person_avatar', outcome: 'refused' });
    expect(logged.some((r) => r.objectId === String(foreign!.id))).toBe(true);
  });

  async function bearerOf(username: string) {
    const { login, bearer } = await import('../../../../test/helpers/login.ts');
    return bearer((await login(t.app, username)).access_token);
  }
});
