import type { Agreement, Consent, MedicationList, Patient } from '@zorgportaal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SIGNATURE_PNG } from '../demo.ts';
import { type Api, apiAs } from '../../../../test/helpers/api.ts';
import {
  agreementBody,
  departmentIdOf,
  newClient,
  patientBody,
} from '../../../../test/helpers/medication.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

describe('eTDR informed consent and authorised signatures', () => {
  let t: TestApp;
  let nurse: Api;
  let beheerder: Api;
  let patient: Patient;
  let agreement: Agreement;
  const consent = (extra: Record<string, unknown> = {}) => ({
    PatientId: patient.Id,
    SignerName: 'J. Consent',
    SignerRole: 'client',
    WitnessName: 'F. El Amrani',
    ConsentText: 'Ik geef toestemming voor het toedienen en registreren van mijn medicatie.',
    Signature: `data:image/png;base64,${DEMO_SIGNATURE_PNG}`,
    ...extra,
  });

  beforeAll(async () => {
    t = await buildTestApp();
    beheerder = await apiAs(t.app, 'beheerder');
    nurse = await apiAs(t.app, 'verpleegkundige');
    const personId = await newClient(t, 'Zorgcentrum De Berk', 'Consent');
    const eikenhof = await departmentIdOf(t, 'Afdeling Eikenhof');
    patient = (
      await beheerder.post(`/api/patient/link/person/${personId}`, patientBody(eikenhof, '111222333'))
    ).json();
    const medicationId = (
      await beheerder.get('/api/medication/catalogue?q=OXYCODON TABLET')
    ).json<MedicationList>().Rows[0]!.Id;
    agreement = (
      await beheerder.post('/api/medication/agreement', agreementBody(patient.Id, medicationId))
    ).json();
  });
  afterAll(() => t.close());

  it('stores the signed consent and marks the patient as consenting', async () => {
    const url = `/api/etdr/patient/${patient.Id}/consentsignature/${patient.EntityId}`;
    expect((await nurse.get(url)).statusCode).toBe(404);
    const res = await nurse.post('/api/etdr/informedconsent', consent());
    expect(res.statusCode).toBe(201);
    expect(res.json<Consent>()).toMatchObject({
      Kind: 'consent',
      SignerRole: 'client',
      RecordedBy: 'verpleegkundige',
    });
    expect((await nurse.get(`/api/patient/${patient.Id}`)).json().ConsentStatus).toBe('given');
    const stored = (await nurse.get(url)).json<Consent>();
    expect(stored.Signature).toBe(`data:image/png;base64,${DEMO_SIGNATURE_PNG}`);
    expect(stored.ConsentText).toMatch(/toestemming/);
  });

  it('refuses a signature that is not a PNG and a wrong signer role', async () => {
    const text = await nurse.post(
      '/api/etdr/informedconsent',
      consent({ Signature: Buffer.from('not a png at all, just some text').toString('base64') }),
    );
    expect(text.statusCode).toBe(422);
    expect(text.json().Fields).toHaveProperty('Signature');
    expect(
      (await nurse.post('/api/etdr/informedconsent', consent({ SignerRole: 'prescriber' }))).statusCode,
    ).toBe(400);
  });

  it("stores and returns the prescriber's signature for one agreement; nurses cannot sign for one", async () => {
    const body = consent({
      Kind: 'authorized',
      SignerRole: 'prescriber',
      SignerName: 'dr. Test',
      MedicationAgreementId: agreement.Id,
    });
    expect((await nurse.post('/api/etdr/informedconsent', body)).statusCode).toBe(403);
    expect((await beheerder.post('/api/etdr/informedconsent', body)).statusCode).toBe(201);
    const url = `/api/etdr/patient/${patient.Id}/authorizedsignature/${agreement.Id}/${patient.EntityId}`;
    expect((await beheerder.get(url)).json<Consent>()).toMatchObject({
      Kind: 'authorized',
      MedicationAgreementId: agreement.Id,
    });
  });

  it('answers 404 for another organisation or a wrong patient entity', async () => {
    const url = `/api/etdr/patient/${patient.Id}/consentsignature/${patient.EntityId}`;
    expect((await (await apiAs(t.app, 'anker')).get(url)).statusCode).toBe(404);
    expect(
      (await nurse.get(`/api/etdr/patient/${patient.Id}/consentsignature/${patient.EntityId + 1}`))
        .statusCode,
    ).toBe(404);
    expect((await (await apiAs(t.app, 'apotheker')).get(url)).statusCode).toBe(200);
    const foreign = await (await apiAs(t.app, 'anker')).post('/api/etdr/informedconsent', consent());
    expect(foreign.statusCode).toBe(404);
    const pharmacy = await (await apiAs(t.app, 'apotheker')).post('/api/etdr/informedconsent', consent());
    expect(pharmacy.statusCode).toBe(403);
  });
});
