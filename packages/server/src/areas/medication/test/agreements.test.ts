import type { Agreement, AgreementList, MedicationList, Patient } from '@zorgportaal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiAs } from '../../../../test/helpers/api.ts';
import { auditRows } from '../../../../test/helpers/audit.ts';
import {
  agreementBody,
  demoPatientOf,
  departmentIdOf,
  newClient,
  patientBody,
} from '../../../../test/helpers/medication.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

describe('catalogue and medication agreements (MP9)', () => {
  let t: TestApp;
  let beheerder: Api;
  let patient: Patient;
  let metoprolol: number;
  beforeAll(async () => {
    t = await buildTestApp();
    beheerder = await apiAs(t.app, 'beheerder');
    const personId = await newClient(t, 'Zorgcentrum De Berk', 'Afspraak');
    const eikenhof = await departmentIdOf(t, 'Afdeling Eikenhof');
    patient = (
      await beheerder.post(`/api/patient/link/person/${personId}`, patientBody(eikenhof, '111222333'))
    ).json();
    metoprolol = (await beheerder.get('/api/medication/catalogue?q=metoprolol')).json<MedicationList>()
      .Rows[0]!.Id;
  });
  afterAll(() => t.close());

  it('the seeded catalogue has ~60 products, searchable by name, substance and ATC code', async () => {
    const all = (await beheerder.get('/api/medication/catalogue?limit=100')).json<MedicationList>().Rows;
    expect(all.length).toBeGreaterThanOrEqual(55);
    const insulin = (await beheerder.get('/api/medication/catalogue?q=A10AE04')).json<MedicationList>().Rows;
    expect(insulin[0]).toMatchObject({
      Substance: 'insuline glargine',
      RiskCategories: ['insuline', 'injectie'],
    });
    const paracetamol = (
      await beheerder.get('/api/medication/catalogue?q=PARACETAMOL TABLET 500')
    ).json<MedicationList>();
    expect(paracetamol.Rows[0]).toMatchObject({
      Strength: { Value: 500, Unit: 'mg' },
      GdsSuitable: true,
      Divisible: 'half',
    });
  });

  it('creates an agreement and lists it on the AMO, logging the read', async () => {
    const res = await beheerder.post('/api/medication/agreement', agreementBody(patient.Id, metoprolol));
    expect(res.statusCode).toBe(201);
    const created = res.json<Agreement>();
    expect(created).toMatchObject({
      Status: 'active',
      Type: 'continuous',
      DoubleCheckRequired: false,
      CreatedBy: 'beheerder',
    });
    expect(created.Start).toBe('2024-12-31T23:00:00.000Z'); // 1 January 00:00 in Amsterdam
    const list = (
      await beheerder.get(`/api/medication/patient/${patient.Id}/agreements`)
    ).json<AgreementList>();
    expect(list.Rows.map((a) => a.Id)).toContain(created.Id);
    const reads = (await auditRows(t, { objectType: 'medication_agreements' })).filter(
      (r) => r.patientId === patient.Id,
    );
    expect(reads.length).toBeGreaterThan(0);
  });

  it('refuses bad instructions: as-needed without a criterion, a time twice, an end before the start', async () => {
    const noCriterion = await beheerder.post(
      '/api/medication/agreement',
      agreementBody(patient.Id, metoprolol, {
        Type: 'as_needed',
        Instructions: { DoseUnit: 'tablet', Moments: [] },
      }),
    );
    expect(noCriterion.statusCode).toBe(400);
    const twice = await beheerder.post(
      '/api/medication/agreement',
      agreementBody(patient.Id, metoprolol, {
        Instructions: {
          DoseUnit: 'tablet',
          Moments: [
            { Time: '08:00', Dose: 1 },
            { Time: '08:00', Dose: 2 },
          ],
        },
      }),
    );
    expect(twice.json().Fields).toHaveProperty('Instructions.Moments');
    const badTime = await beheerder.post(
      '/api/medication/agreement',
      agreementBody(patient.Id, metoprolol, {
        Instructions: { DoseUnit: 'tablet', Moments: [{ Time: '25:00', Dose: 1 }] },
      }),
    );
    expect(badTime.statusCode).toBe(400);
    const endBefore = await beheerder.post(
      '/api/medication/agreement',
      agreementBody(patient.Id, metoprolol, { End: '2024-12-01' }),
    );
    expect(endBefore.statusCode).toBe(422);
    expect(endBefore.json().Fields).toHaveProperty('End');
  });

  it('a change ends the old agreement and starts a new one at the same instant; history is kept', async () => {
    const old = (
      await beheerder.post('/api/medication/agreement', agreementBody(patient.Id, metoprolol))
    ).json<Agreement>();
    const changeAt = new Date(Date.now() - 60_000).toISOString();
    const res = await beheerder.post(`/api/medication/agreement/${old.Id}/change`, {
      ...agreementBody(patient.Id, metoprolol, { Start: changeAt, Reason: 'Dosis verhoogd' }),
      PatientId: undefined,
    });
    expect(res.statusCode).toBe(201);
    const changed = res.json<Agreement>();
    expect(changed).toMatchObject({
      ReplacesId: old.Id,
      Status: 'active',
      Reason: 'Dosis verhoogd',
      Start: changeAt,
    });
    const rows = (
      await beheerder.get(`/api/medication/patient/${patient.Id}/agreements`)
    ).json<AgreementList>().Rows;
    const oldNow = rows.find((a) => a.Id === old.Id)!;
    expect(oldNow).toMatchObject({
      End: changeAt,
      ReplacedById: changed.Id,
      Status: 'ended',
      StopType: null,
    });
    // The old one cannot change twice.
    const again = await beheerder.post(`/api/medication/agreement/${old.Id}/change`, {
      ...agreementBody(patient.Id, metoprolol),
      PatientId: undefined,
    });
    expect(again.statusCode).toBe(409);
  });

  it('stops an agreement with stop type and reason, once', async () => {
    const agreement = (
      await beheerder.post('/api/medication/agreement', agreementBody(patient.Id, metoprolol))
    ).json<Agreement>();
    const noReason = await beheerder.post(`/api/medication/agreement/${agreement.Id}/stop`, {
      StopType: 'stopped',
    });
    expect(noReason.json().Fields).toHaveProperty('Reason');
    const res = await beheerder.post(`/api/medication/agreement/${agreement.Id}/stop`, {
      StopType: 'paused',
      Reason: 'Opname ziekenhuis',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      StopType: 'paused',
      StopReason: 'Opname ziekenhuis',
      Status: 'stopped',
    });
    expect(
      (
        await beheerder.post(`/api/medication/agreement/${agreement.Id}/stop`, {
          StopType: 'stopped',
          Reason: 'x',
        })
      ).statusCode,
    ).toBe(409);
    // Recently stopped agreements stay on the AMO; with stoppedDays=0 they are gone.
    const recent = (
      await beheerder.get(`/api/medication/patient/${patient.Id}/agreements`)
    ).json<AgreementList>();
    expect(recent.Rows.some((a) => a.Id === agreement.Id)).toBe(true);
  });

  it('scope: no agreements for another organisation; only prescribers and pharmacists write', async () => {
    const berk = await demoPatientOf(t, 'Afdeling Eikenhof');
    const anker = await apiAs(t.app, 'anker');
    expect(
      (await anker.post('/api/medication/agreement', agreementBody(berk.id, metoprolol))).statusCode,
    ).toBe(404);
    const apotheker = await apiAs(t.app, 'apotheker');
    const created = await apotheker.post('/api/medication/agreement', agreementBody(berk.id, metoprolol));
    expect(created.statusCode).toBe(201);
    const nurse = await apiAs(t.app, 'verpleegkundige');
    const stop = await nurse.post(`/api/medication/agreement/${created.json().Id}/stop`, {
      StopType: 'stopped',
      Reason: 'x',
    });
    expect(stop.statusCode).toBe(403);
    const centrum = await apiAs(t.app, 'centrum');
    const foreign = await centrum.post(`/api/medication/agreement/${created.json().Id}/stop`, {
      StopType: 'stopped',
      Reason: 'x',
    });
    expect(foreign.statusCode).toBe(404);
  });
});
