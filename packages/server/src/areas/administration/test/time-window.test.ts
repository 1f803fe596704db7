import type {
  AdministrationList,
  Agreement,
  MedicationList,
  Patient,
  Registration,
} from '@zorgportaal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localInstant } from '../../../platform/time.ts';
import { type Api, apiAs } from '../../../../test/helpers/api.ts';
import { auditRows } from '../../../../test/helpers/audit.ts';
import {
  agreementBody,
  departmentIdOf,
  newClient,
  patientBody,
  today,
  yesterday,
} from '../../../../test/helpers/medication.ts';
import { bearer, login } from '../../../../test/helpers/login.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

/**
 * The time window of a timed dose (administration/time-window.ts): given within the care centre's
 * window as it is, just outside it only with a reason (stored and shown), far outside it never.
 */
describe('administration: the time window of a dose', () => {
  let t: TestApp;
  let nurse: Api;
  let beheerder: Api;
  let eikenhof: number;
  let patient: Patient;
  let agreement: Agreement;
  /** Yesterday's planned moment `time`, plus minutes. */
  const at = (time: string, plusMinutes = 0) =>
    new Date(localInstant(yesterday(), time).getTime() + plusMinutes * 60_000).toISOString();
  const register = (body: Record<string, unknown>) =>
    nurse.post('/api/administration/registration', { AgreementId: agreement.Id, Status: 'given', ...body });
  const fieldsOf = (res: Awaited<ReturnType<typeof register>>) => Object.keys(res.json().Fields ?? {});
  const listOf = async (date = yesterday()) =>
    (
      await nurse.get(`/api/administration/list?departmentId=${eikenhof}&date=${date}`)
    ).json<AdministrationList>();
  const momentAt = async (time: string, date = yesterday()) =>
    (await listOf(date)).Moments.find(
      (m) => m.AgreementId === agreement.Id && m.Time === time && !m.AsNeeded,
    )!;

  beforeAll(async () => {
    t = await buildTestApp();
    beheerder = await apiAs(t.app, 'beheerder');
    nurse = await apiAs(t.app, 'verpleegkundige');
    eikenhof = await departmentIdOf(t, 'Afdeling Eikenhof');
    const personId = await newClient(t, 'Zorgcentrum De Berk', 'Tijdvenster');
    patient = (
      await beheerder.post(`/api/patient/link/person/${personId}`, patientBody(eikenhof, '111222333'))
    ).json();
    const product = (await beheerder.get('/api/medication/catalogue?q=METOPROLOL')).json<MedicationList>()
      .Rows[0]!.Id;
    const moments = ['06:00', '08:00', '10:00', '12:00', '14:00', '16:00', '18:00', '20:00', '22:00'];
    agreement = (
      await beheerder.post(
        '/api/medication/agreement',
        agreementBody(patient.Id, product, {
          Instructions: { DoseUnit: 'tablet', Moments: moments.map((Time) => ({ Time, Dose: 1 })) },
        }),
      )
    ).json<Agreement>();
  });
  afterAll(() => t.close());

  it('the day list gives each timed dose its window: 60 minutes either side by default', async () => {
    const moment = await momentAt('08:00');
    expect(moment.Window).toEqual({
      Start: at('08:00', -60),
      End: at('08:00', 60),
      Earliest: at('08:00', -240),
      Latest: at('08:00', 240),
    });
  });

  it('inside the window a dose is registered as it is', async () => {
    const res = await register({ ScheduledAt: at('06:00'), AdministeredAt: at('06:00', 45) });
    expect(res.statusCode).toBe(201);
    expect(res.json<Registration>().TimingReason).toBeNull();
  });

  it('just outside it needs the reason (422 naming TimingReason, nothing stored); with it, it is marked', async () => {
    const early = { ScheduledAt: at('10:00'), AdministeredAt: at('10:00', -90) };
    const refused = await register(early);
    expect(refused.statusCode).toBe(422);
    expect(fieldsOf(refused)).toEqual(['TimingReason']);
    expect(refused.json().Message).toContain('eerder gegeven');
    expect((await momentAt('10:00')).Registrations).toEqual([]);
    // The reason must match: a dose given early is not "later gegeven".
    expect(fieldsOf(await register({ ...early, TimingReason: 'given_late' }))).toEqual(['TimingReason']);

    const confirmed = await register({
      ...early,
      TimingReason: 'given_early',
      Note: 'Vertrekt naar dagbesteding.',
    });
    expect(confirmed.statusCode).toBe(201);
    expect(confirmed.json<Registration>()).toMatchObject({ TimingReason: 'given_early', Status: 'given' });
    // Shown on the list (the card) and in the Logboek entry of the registration.
    expect((await momentAt('10:00')).Registrations[0]).toMatchObject({ TimingReason: 'given_early' });
    const logged = (await auditRows(t, { objectType: 'administration' })).find(
      (row) => Number(row.objectId) === confirmed.json<Registration>().Id,
    );
    expect(logged?.detail).toMatchObject({ change: 'given_early' });

    const late = await register({ ScheduledAt: at('12:00'), AdministeredAt: at('12:00', 100) });
    expect(fieldsOf(late)).toEqual(['TimingReason']);
    const lateConfirmed = await register({
      ScheduledAt: at('12:00'),
      AdministeredAt: at('12:00', 100),
      TimingReason: 'given_late',
    });
    expect(lateConfirmed.json<Registration>()).toMatchObject({ TimingReason: 'given_late', Late: true });
  });

  it('far outside it is refused with 422 naming ScheduledAt, reason or not', async () => {
    const res = await register({
      ScheduledAt: at('22:00'),
      AdministeredAt: at('22:00', -5 * 60),
      TimingReason: 'given_early',
    });
    expect(res.statusCode).toBe(422);
    expect(fieldsOf(res)).toEqual(['ScheduledAt']);
    expect((await momentAt('22:00')).Registrations).toEqual([]);
    // The ward's case: tomorrow's 08:00 dose registered now, without a time, is always hours ahead.
    const tomorrow = addDays(today(), 1);
    const ahead = await register({ ScheduledAt: localInstant(tomorrow, '08:00').toISOString() });
    expect(ahead.statusCode).toBe(422);
    expect(fieldsOf(ahead)).toEqual(['ScheduledAt']);
    expect((await momentAt('08:00', tomorrow)).Registrations).toEqual([]);
  });

  it('a deviation has no window: a refusal is recorded whenever it happens', async () => {
    const res = await register({
      ScheduledAt: at('22:00'),
      Status: 'refused',
      DeviationReason: 'refused',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<Registration>().TimingReason).toBeNull();
  });

  it("the care centre's window (Geavanceerd) changes the outcome and the list; bounds are checked", async () => {
    const early = { ScheduledAt: at('14:00'), AdministeredAt: at('14:00', -100) };
    expect(fieldsOf(await register(early))).toEqual(['TimingReason']);
    const { access_token } = await login(t.app, 'verpleegkundige');
    const listUrl = `/api/administration/list?departmentId=${eikenhof}&date=${yesterday()}`;
    const before = await t.app.inject({ method: 'GET', url: listUrl, headers: bearer(access_token) });

    const set = await beheerder.put('/api/management/settings/1', {
      DoseWindowBeforeMinutes: 120,
      DoseWindowAfterMinutes: 30,
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ DoseWindowBeforeMinutes: 120, DoseWindowAfterMinutes: 30 });
    // The list is not answered from the old ETag: its windows moved.
    const after = await t.app.inject({
      method: 'GET',
      url: listUrl,
      headers: { ...bearer(access_token), 'if-none-match': before.headers.etag as string },
    });
    expect(after.statusCode).toBe(200);
    const moment = after
      .json<AdministrationList>()
      .Moments.find((m) => m.AgreementId === agreement.Id && m.Time === '14:00')!;
    expect(moment.Window).toMatchObject({ Start: at('14:00', -120), End: at('14:00', 30) });
    const res = await register(early);
    expect(res.statusCode).toBe(201);
    expect(res.json<Registration>().TimingReason).toBeNull();
    // 45 minutes late is now outside the narrower window.
    expect(fieldsOf(await register({ ScheduledAt: at('16:00'), AdministeredAt: at('16:00', 45) }))).toEqual([
      'TimingReason',
    ]);

    for (const value of [-1, 181, 30.5, '60']) {
      const bad = await beheerder.put('/api/management/settings/1', { DoseWindowBeforeMinutes: value });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().Fields).toHaveProperty('DoseWindowBeforeMinutes');
    }
    // A nurse cannot change it.
    expect((await nurse.put('/api/management/settings/1', { DoseWindowAfterMinutes: 180 })).statusCode).toBe(
      403,
    );
  });

  it("another organisation cannot change it: Het Anker's setting is Het Anker's own", async () => {
    const anker = await apiAs(t.app, 'anker');
    const own = await anker.put('/api/management/settings/1', {
      DoseWindowBeforeMinutes: 0,
      DoseWindowAfterMinutes: 0,
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ Name: 'Zorgcentrum Het Anker', DoseWindowAfterMinutes: 0 });
    // De Berk still has its 120/30 window.
    expect((await beheerder.get('/api/management/settings')).json()).toMatchObject({
      DoseWindowBeforeMinutes: 120,
      DoseWindowAfterMinutes: 30,
    });
    const res = await register({ ScheduledAt: at('18:00'), AdministeredAt: at('18:00', 20) });
    expect(res.statusCode).toBe(201);
    expect(res.json<Registration>().TimingReason).toBeNull();
    // Het Anker's user cannot register De Berk's doses at all.
    const foreign = await anker.post('/api/administration/registration', {
      AgreementId: agreement.Id,
      ScheduledAt: at('20:00'),
      Status: 'given',
      AdministeredAt: at('20:00'),
    });
    expect(foreign.statusCode).toBe(404);
  });
});
