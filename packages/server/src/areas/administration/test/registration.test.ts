import type {
  AdministrationList,
  Agreement,
  MedicationList,
  Patient,
  Registration,
} from '@zorgportaal/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { localInstant } from '../../../platform/time.ts';
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
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

describe('administration registration: list, rules, corrections, double checks', () => {
  let t: TestApp;
  let nurse: Api;
  let second: Api;
  let eikenhof: number;
  let patient: Patient;
  const agreement: Record<'routine' | 'insulin' | 'prn' | 'noon', Agreement> = {} as never;
  const at = (time: string, plusMinutes = 0) =>
    new Date(localInstant(yesterday(), time).getTime() + plusMinutes * 60_000).toISOString();
  const register = (body: Record<string, unknown>, who = nurse) =>
    who.post('/api/administration/registration', body);

  beforeAll(async () => {
    t = await buildTestApp();
    const beheerder = await apiAs(t.app, 'beheerder');
    nurse = await apiAs(t.app, 'verpleegkundige');
    second = beheerder;
    eikenhof = await departmentIdOf(t, 'Afdeling Eikenhof');
    const personId = await newClient(t, 'Zorgcentrum De Berk', 'Toediening');
    patient = (
      await beheerder.post(`/api/patient/link/person/${personId}`, patientBody(eikenhof, '111222333'))
    ).json();
    const product = async (q: string) =>
      (await beheerder.get(`/api/medication/catalogue?q=${encodeURIComponent(q)}`)).json<MedicationList>()
        .Rows[0]!.Id;
    const create = async (body: ReturnType<typeof agreementBody>) =>
      (await beheerder.post('/api/medication/agreement', body)).json<Agreement>();
    agreement.routine = await create(agreementBody(patient.Id, await product('METOPROLOL')));
    agreement.insulin = await create(
      agreementBody(patient.Id, await product('INSULINE GLARGINE'), {
        Instructions: { DoseUnit: 'eenheden', Moments: [{ Time: '22:00', Dose: 12 }] },
        DistributionForm: 'loose',
      }),
    );
    agreement.prn = await create(
      agreementBody(patient.Id, await product('PARACETAMOL TABLET 500MG'), {
        Type: 'as_needed',
        Instructions: {
          DoseUnit: 'tablet',
          AsNeededCriterion: 'bij pijn',
          AsNeededMaxPerDay: 2,
          AsNeededDose: 1,
        },
      }),
    );
    agreement.noon = await create(
      agreementBody(patient.Id, await product('OMEPRAZOL'), {
        Instructions: { DoseUnit: 'capsule', Moments: [{ Time: '12:00', Dose: 1 }] },
      }),
    );
  });
  afterAll(() => t.close());

  const listOf = async (who = nurse) =>
    (
      await who.get(`/api/administration/list?departmentId=${eikenhof}&date=${yesterday()}`)
    ).json<AdministrationList>();
  const momentsOfPatient = async () => (await listOf()).Moments.filter((m) => m.PatientId === patient.Id);

  it('lists the planned moments of the department and day; as-needed without a time', async () => {
    const moments = await momentsOfPatient();
    expect(moments.map((m) => [m.AgreementId, m.Time])).toEqual([
      [agreement.routine.Id, '08:00'],
      [agreement.noon.Id, '12:00'],
      [agreement.routine.Id, '20:00'],
      [agreement.insulin.Id, '22:00'],
      [agreement.prn.Id, null],
    ]);
    const insulin = moments.find((m) => m.AgreementId === agreement.insulin.Id)!;
    expect(insulin).toMatchObject({
      DoubleCheckRequired: true,
      Dose: 12,
      DoseUnit: 'eenheden',
      DistributionForm: 'loose',
    });
    expect(moments[0]).toMatchObject({
      ScheduledAt: at('08:00'),
      ConsentMissing: true,
      Late: true,
      Registrations: [],
    });
    expect(moments[4]).toMatchObject({ AsNeeded: true, AsNeededMaxPerDay: 2, Late: false });
    const logged = (await auditRows(t, { objectType: 'administration_list' })).filter((r) =>
      r.relatedPatientIds?.includes(patient.Id),
    );
    expect(logged.length).toBeGreaterThan(0);
  });

  it('logs a list view as one entry linking every patient shown; refreshes of that view add nothing', async () => {
    // A session of its own: the views of the tests above belong to the nurse's other session.
    const tablet = await apiAs(t.app, 'verpleegkundige');
    const before = await auditRows(t, { objectType: 'administration_list' });
    const written = async () =>
      (await auditRows(t, { objectType: 'administration_list' })).filter(
        (row) => !before.some((old) => old.id === row.id),
      );
    const list = await listOf(tablet);
    await listOf(tablet);
    await listOf(tablet);
    const shown = [...new Set(list.Moments.map((m) => m.PatientId))];
    expect(shown.length).toBeGreaterThan(5);
    const [entry, ...more] = await written();
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({ action: 'R', username: 'verpleegkundige', objectId: String(eikenhof) });
    expect([...entry!.relatedPatientIds!].sort()).toEqual([...shown].sort());
    // Another day is another view: NEN 7513 wants it logged.
    await tablet.get(`/api/administration/list?departmentId=${eikenhof}&date=${today()}`);
    expect((await written()).map((row) => (row.detail as { date: string }).date).sort()).toEqual(
      [yesterday(), today()].sort(),
    );
    // Nothing to log: no query at all.
    const insert = vi.spyOn(t.app.db, 'insert');
    try {
      await t.app.audit.recordMany({ ip: '127.0.0.1' } as never, []);
      expect(insert).not.toHaveBeenCalled();
    } finally {
      insert.mockRestore();
    }
  });

  it("defaults to the caller's first department and today", async () => {
    const list = (await nurse.get('/api/administration/list')).json<AdministrationList>();
    expect(list).toMatchObject({
      DepartmentId: eikenhof,
      DepartmentName: 'Afdeling Eikenhof',
      Date: today(),
    });
  });

  it('registers a dose; the list shows it and it is not late', async () => {
    const res = await register({
      AgreementId: agreement.routine.Id,
      ScheduledAt: at('08:00'),
      Status: 'given',
      AdministeredAt: at('08:00', 5),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<Registration>()).toMatchObject({
      Status: 'given',
      AdministeredQty: 1,
      Late: false,
      AwaitingDoubleCheck: false,
      RecordedBy: { Username: 'verpleegkundige' },
    });
    const moment = (await momentsOfPatient())[0]!;
    expect(moment.Registrations.map((r) => r.Id)).toEqual([res.json().Id]);
    expect(moment.Late).toBe(false);
  });

  it('refuses an administered time in the future, naming AdministeredAt', async () => {
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const res = await register({
      AgreementId: agreement.noon.Id,
      ScheduledAt: at('12:00'),
      Status: 'given',
      AdministeredAt: future,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().Fields).toHaveProperty('AdministeredAt');
  });

  it('refuses a time that is not a planned moment, and as-needed registration of a timed agreement', async () => {
    const off = await register({
      AgreementId: agreement.routine.Id,
      ScheduledAt: at('09:00'),
      Status: 'given',
      AdministeredAt: at('09:00'),
    });
    expect(off.statusCode).toBe(422);
    expect(off.json().Fields).toHaveProperty('ScheduledAt');
    const noMoment = await register({
      AgreementId: agreement.routine.Id,
      ScheduledAt: null,
      Status: 'given',
    });
    expect(noMoment.json().Fields).toHaveProperty('ScheduledAt');
  });

  it('a second registration of the same moment is 409 with the existing one; a correction pointing at it is accepted', async () => {
    const body = {
      AgreementId: agreement.routine.Id,
      ScheduledAt: at('08:00'),
      Status: 'given',
      AdministeredAt: at('08:00', 10),
    };
    const first = (await momentsOfPatient())[0]!.Registrations[0]!;
    const duplicate = await register(body, second);
    expect(duplicate.statusCode).toBe(409);
    // The colleague's registration comes with the conflict, so the nurse keeps it or corrects it.
    expect(duplicate.json()).toEqual({
      Code: 'CONFLICT',
      Message: expect.any(String),
      Existing: { ...first, CorrectedById: null },
    });

    const correction = await register({
      ...body,
      Status: 'not_given',
      AdministeredAt: null,
      DeviationReason: 'wrong_registration',
      CorrectsId: first.Id,
    });
    expect(correction.statusCode).toBe(201);
    expect(correction.json()).toMatchObject({ CorrectsId: first.Id, Status: 'not_given' });
    // Only the correction counts now; the first stays stored.
    const moment = (await momentsOfPatient())[0]!;
    expect(moment.Registrations.map((r) => r.Id)).toEqual([correction.json().Id]);
    // The first one was corrected already; a correction must point at the latest.
    const twice = await register({ ...body, CorrectsId: first.Id });
    expect(twice.statusCode).toBe(409);
    const elsewhere = await register({
      ...body,
      ScheduledAt: at('20:00'),
      AdministeredAt: at('20:00'),
      CorrectsId: correction.json().Id,
    });
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().Fields).toHaveProperty('CorrectsId');
  });

  it('a deviation needs a reason (and text for "other"); a dose over 60 minutes after its time is late', async () => {
    const base = { AgreementId: agreement.noon.Id, ScheduledAt: at('12:00') };
    expect((await register({ ...base, Status: 'refused' })).json().Fields).toHaveProperty('DeviationReason');
    expect(
      (await register({ ...base, Status: 'failed', DeviationReason: 'other' })).json().Fields,
    ).toHaveProperty('DeviationText');
    const refused = await register({
      ...base,
      Status: 'refused',
      DeviationReason: 'refused',
      Note: 'Wil vandaag niet.',
    });
    expect(refused.statusCode).toBe(201);
    expect(refused.json()).toMatchObject({ Status: 'refused', AdministeredAt: null, Late: false });
    const late = await register({
      AgreementId: agreement.routine.Id,
      ScheduledAt: at('20:00'),
      Status: 'given',
      AdministeredAt: at('20:00', 90),
      // Outside the default window of 60 minutes: the nurse confirms it was given later.
      TimingReason: 'given_late',
    });
    expect(late.json<Registration>()).toMatchObject({ Late: true, TimingReason: 'given_late' });
  });

  it('a risk product waits for a double check by a second, different user', async () => {
    const res = await register({
      AgreementId: agreement.insulin.Id,
      ScheduledAt: at('22:00'),
      Status: 'given',
      AdministeredAt: at('22:00', 2),
    });
    expect(res.json<Registration>()).toMatchObject({
      DoubleCheckRequired: true,
      AwaitingDoubleCheck: true,
      DoubleCheckBy: null,
    });
    const id = res.json<Registration>().Id;
    const self = await nurse.post(`/api/administration/registration/${id}/doublecheck`, {});
    expect(self.statusCode).toBe(422);
    expect(self.json().Fields).toHaveProperty('DoubleCheckBy');
    const checked = await second.post(`/api/administration/registration/${id}/doublecheck`, {});
    expect(checked.statusCode).toBe(200);
    expect(checked.json<Registration>()).toMatchObject({
      AwaitingDoubleCheck: false,
      DoubleCheckBy: { Username: 'beheerder' },
    });
    expect((await second.post(`/api/administration/registration/${id}/doublecheck`, {})).statusCode).toBe(
      409,
    );
    const normal = (await momentsOfPatient())[0]!.Registrations[0]!;
    expect(
      (await second.post(`/api/administration/registration/${normal.Id}/doublecheck`, {})).statusCode,
    ).toBe(409);
  });

  it('as-needed doses have no planned moment and stop at the maximum per day', async () => {
    const dose = { AgreementId: agreement.prn.Id, ScheduledAt: null, Status: 'given' };
    expect((await register({ ...dose, AdministeredAt: at('10:00') })).statusCode).toBe(201);
    expect((await register({ ...dose, AdministeredAt: at('16:00') })).statusCode).toBe(201);
    const third = await register({ ...dose, AdministeredAt: at('21:00') });
    expect(third.statusCode).toBe(422);
    expect(third.json().Fields).toHaveProperty('Status');
    const prn = (await momentsOfPatient()).find((m) => m.AsNeeded)!;
    expect(prn.Registrations).toHaveLength(2);
  });

  describe('scope and permissions', () => {
    it('another care centre cannot register or read the list (404, logged as refused)', async () => {
      const anker = await apiAs(t.app, 'anker');
      const res = await register(
        { AgreementId: agreement.noon.Id, ScheduledAt: at('12:00'), Status: 'given' },
        anker,
      );
      expect(res.statusCode).toBe(404);
      const refused = await auditRows(t, { objectType: 'medication_agreement', outcome: 'refused' });
      expect(refused.some((r) => r.objectId === String(agreement.noon.Id))).toBe(true);
      expect((await anker.get(`/api/administration/list?departmentId=${eikenhof}`)).statusCode).toBe(404);
      expect(
        (await (await apiAs(t.app, 'centrum')).get(`/api/administration/list?departmentId=${eikenhof}`))
          .statusCode,
      ).toBe(404);
    });

    it('the supplying pharmacy reads the list but does not register: only the care centre administers', async () => {
      // The pharmacist is also a Beheerder (every permission, administration.register too).
      const apotheker = await apiAs(t.app, 'apotheker');
      const list = await listOf(apotheker);
      expect(list.Moments.some((m) => m.PatientId === patient.Id)).toBe(true);
      // The list says so, for the screen to show no register buttons; the care centre's staff may.
      expect(list.MayRegister).toBe(false);
      expect((await listOf()).MayRegister).toBe(true);
      const res = await register(
        { AgreementId: agreement.noon.Id, ScheduledAt: at('12:00'), Status: 'given' },
        apotheker,
      );
      expect(res.statusCode).toBe(403);
      // Nor the second signature of a risk dose the care centre registered.
      const insulinOf = async () =>
        (await listOf()).Moments.find((m) => m.AgreementId === agreement.insulin.Id)!.Registrations.at(-1)!;
      const insulin = await register({
        AgreementId: agreement.insulin.Id,
        ScheduledAt: at('22:00'),
        Status: 'given',
        AdministeredAt: at('22:00', 5),
        CorrectsId: (await insulinOf()).Id,
      });
      expect(insulin.json<Registration>().AwaitingDoubleCheck).toBe(true);
      const check = await apotheker.post(
        `/api/administration/registration/${insulin.json<Registration>().Id}/doublecheck`,
        {},
      );
      expect(check.statusCode).toBe(403);
      expect(await insulinOf()).toMatchObject({ AwaitingDoubleCheck: true, DoubleCheckBy: null });
    });
  });
});
