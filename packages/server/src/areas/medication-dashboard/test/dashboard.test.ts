import {
  type Agreement,
  MEDICATION_DASHBOARD_LISTS,
  type MedicationDashboard,
  type MedicationDashboardList,
  type MedicationDashboardListKey,
  type MedicationList,
  type Patient,
} from '@zorgportaal/contract';
import { and, eq, gte, isNull, lte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../../schema.ts';
import { DEMO_SIGNATURE_PNG } from '../../etdr/demo.ts';
import { type Api, apiAs } from '../../../../test/helpers/api.ts';
import { auditRows } from '../../../../test/helpers/audit.ts';
import {
  agreementBody,
  departmentIdOf,
  newClient,
  patientBody,
  today,
} from '../../../../test/helpers/medication.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

describe('Medicatiedashboard: each figure is the length of its list, in the caller scope', () => {
  let t: TestApp;
  let beheerder: Api;
  let apotheker: Api;
  let anker: Api;

  const figures = async (who: Api) => {
    const res = await who.get('/api/medication/dashboard');
    expect(res.statusCode).toBe(200);
    const body = res.json<MedicationDashboard>();
    return Object.fromEntries(body.Figures.map((f) => [f.List, f.Count])) as Record<
      MedicationDashboardListKey,
      number
    >;
  };
  const list = async (who: Api, key: MedicationDashboardListKey) => {
    const res = await who.get(`/api/medication/dashboard/list?list=${key}`);
    expect(res.statusCode).toBe(200);
    return res.json<MedicationDashboardList>();
  };
  /** Every figure against its list's rows, at one moment; answers the lists. */
  const compare = async (who: Api) => {
    const counts = await figures(who);
    const lists = {} as Record<MedicationDashboardListKey, MedicationDashboardList>;
    for (const key of MEDICATION_DASHBOARD_LISTS) {
      lists[key] = await list(who, key);
      expect(lists[key].Rows, key).toHaveLength(counts[key]);
      expect(lists[key].Total, key).toBe(counts[key]);
    }
    return { counts, lists };
  };
  const patientsOf = (l: MedicationDashboardList) => new Set(l.Rows.map((r) => r.PatientId));

  beforeAll(async () => {
    t = await buildTestApp();
    beheerder = await apiAs(t.app, 'beheerder');
    apotheker = await apiAs(t.app, 'apotheker');
    anker = await apiAs(t.app, 'anker');
  });
  afterAll(() => t.close());

  it('gives the care centre, its pharmacy and another care centre figures equal to their lists', async () => {
    const deBerk = await compare(beheerder);
    // The demo world has unsigned agreements, clients without consent and allergies at De Berk.
    for (const key of ['unsigned', 'noConsent', 'allergies'] as const)
      expect(deBerk.counts[key], key).toBeGreaterThan(0);
    expect(deBerk.lists.allergies.Rows.every((r) => r.Allergies.length > 0)).toBe(true);
    expect(deBerk.lists.noConsent.Rows.every((r) => r.ConsentStatus !== 'given')).toBe(true);
    expect(deBerk.lists.interim.Rows.every((r) => r.Roll && r.Roll.To >= today())).toBe(true);

    // The pharmacy supplies De Berk only: the same clients.
    const deLinde = await compare(apotheker);
    for (const key of MEDICATION_DASHBOARD_LISTS)
      expect(patientsOf(deLinde.lists[key]), key).toEqual(patientsOf(deBerk.lists[key]));

    // Het Anker sees its own clients only.
    const hetAnker = await compare(anker);
    for (const key of MEDICATION_DASHBOARD_LISTS) {
      expect(
        hetAnker.lists[key].Rows.every((r) => r.EntityName === 'Zorgcentrum Het Anker'),
        key,
      ).toBe(true);
      for (const id of patientsOf(deBerk.lists[key]))
        expect(patientsOf(hetAnker.lists[key]).has(id)).toBe(false);
    }
  });

  it('an agreement started, changed and stopped this week, and its signature, move the figures with their lists', async () => {
    const eikenhof = await departmentIdOf(t, 'Afdeling Eikenhof');
    const personId = await newClient(t, 'Zorgcentrum De Berk', 'Dashboard');
    const before = await figures(beheerder);
    const patient = (
      await beheerder.post(
        `/api/patient/link/person/${personId}`,
        patientBody(eikenhof, '123456782', { Allergies: ['jodium', 'penicilline'] }),
      )
    ).json<Patient>();
    const product = (await beheerder.get('/api/medication/catalogue?q=METOPROLOL')).json<MedicationList>()
      .Rows[0]!;
    const created = await beheerder.post(
      '/api/medication/agreement',
      agreementBody(patient.Id, product.Id, { Start: today(), Reason: 'Hypertensie' }),
    );
    expect(created.statusCode).toBe(201);
    const agreement = created.json<Agreement>();
    const changed = await beheerder.post(`/api/medication/agreement/${agreement.Id}/change`, {
      ...agreementBody(patient.Id, product.Id, { Reason: 'Dosis omhoog' }),
      PatientId: undefined,
      Start: new Date().toISOString(),
    });
    expect(changed.statusCode, changed.body).toBe(201);
    const successor = changed.json<Agreement>();
    const stopped = await beheerder.post(`/api/medication/agreement/${successor.Id}/stop`, {
      StopType: 'stopped',
      Reason: 'Bijwerkingen',
    });
    expect(stopped.statusCode, stopped.body).toBe(200);

    const { counts, lists } = await compare(beheerder);
    expect(counts.started).toBe(before.started + 1);
    expect(counts.changed).toBe(before.changed + 1);
    expect(counts.stopped).toBe(before.stopped + 1);
    expect(counts.allergies).toBe(before.allergies + 1);
    expect(counts.noConsent).toBe(before.noConsent + 1);
    expect(lists.started.Rows.find((r) => r.AgreementId === agreement.Id)).toMatchObject({
      PatientId: patient.Id,
      Medication: product.Name,
      Reason: 'Hypertensie',
    });
    expect(lists.changed.Rows.find((r) => r.AgreementId === successor.Id)).toMatchObject({
      Reason: 'Dosis omhoog',
    });
    expect(lists.stopped.Rows.find((r) => r.AgreementId === successor.Id)).toMatchObject({
      StopType: 'stopped',
      Reason: 'Bijwerkingen',
    });
    expect(lists.allergies.Rows.find((r) => r.PatientId === patient.Id)?.Allergies).toEqual([
      'jodium',
      'penicilline',
    ]);

    // A new agreement waits for the prescriber's signature until eTDR has it.
    const waiting = (
      await beheerder.post(
        '/api/medication/agreement',
        agreementBody(patient.Id, product.Id, { Start: today() }),
      )
    ).json<Agreement>();
    const unsigned = async () => (await list(beheerder, 'unsigned')).Rows.map((r) => r.AgreementId);
    expect(await unsigned()).toContain(waiting.Id);
    // The stopped one no longer waits.
    expect(await unsigned()).not.toContain(successor.Id);
    const signed = await beheerder.post('/api/etdr/informedconsent', {
      PatientId: patient.Id,
      Kind: 'authorized',
      SignerRole: 'prescriber',
      SignerName: 'dr. Test',
      MedicationAgreementId: waiting.Id,
      ConsentText: 'Akkoord met deze medicatieafspraak.',
      Signature: `data:image/png;base64,${DEMO_SIGNATURE_PNG}`,
    });
    expect(signed.statusCode, signed.body).toBe(201);
    expect(await unsigned()).not.toContain(waiting.Id);
  });

  it('a change of a gds agreement during a running Baxter roll appears as an interim change, for the pharmacy too', async () => {
    const [found] = await t.db
      .select({ agreement: s.medicationAgreements, roll: s.baxterRolls })
      .from(s.baxterRolls)
      .innerJoin(s.medicationAgreements, eq(s.medicationAgreements.patientId, s.baxterRolls.patientId))
      .innerJoin(s.entities, eq(s.entities.id, s.baxterRolls.entityId))
      .where(
        and(
          eq(s.entities.name, 'Zorgcentrum De Berk'),
          gte(s.baxterRolls.periodEnd, today()),
          eq(s.medicationAgreements.distributionForm, 'gds'),
          isNull(s.medicationAgreements.endAt),
          lte(s.medicationAgreements.startAt, new Date()),
        ),
      )
      // The running roll (not next week's): its change is the patient's first row of the list.
      .orderBy(s.medicationAgreements.id, s.baxterRolls.periodStart)
      .limit(1);
    const before = await figures(apotheker);
    const agreement = found!.agreement;
    const changed = await beheerder.post(`/api/medication/agreement/${agreement.id}/change`, {
      MedicationId: agreement.medicationId,
      Prescriber: agreement.prescriber,
      Type: agreement.type,
      Instructions: agreement.instructions,
      DistributionForm: 'gds',
      Reason: 'Halve dosis',
      Start: new Date().toISOString(),
    });
    expect(changed.statusCode, changed.body).toBe(201);
    const { counts, lists } = await compare(apotheker);
    expect(counts.interim).toBeGreaterThan(before.interim);
    expect(lists.interim.Rows.find((r) => r.PatientId === agreement.patientId)).toMatchObject({
      InterimKind: 'changed',
      Roll: { From: found!.roll.periodStart, To: found!.roll.periodEnd },
    });
    await compare(beheerder);
  });

  it("lists as unsigned exactly the agreements eTDR has no signature for (the AMO's Ondertekenen)", async () => {
    const rows = (await list(beheerder, 'unsigned')).Rows;
    const patients = [...new Set(rows.map((r) => r.PatientId))].slice(0, 4);
    expect(patients.length).toBeGreaterThan(0);
    for (const patientId of patients) {
      const agreements = (await beheerder.get(`/api/medication/patient/${patientId}/agreements`)).json<{
        Rows: Agreement[];
      }>().Rows;
      const expected: number[] = [];
      for (const a of agreements.filter((x) => x.Status === 'active' || x.Status === 'future')) {
        const url = `/api/etdr/patient/${patientId}/authorizedsignature/${a.Id}/${a.EntityId}`;
        if ((await beheerder.get(url)).statusCode === 404) expected.push(a.Id);
      }
      const listed = rows.filter((r) => r.PatientId === patientId).map((r) => r.AgreementId);
      expect(listed.sort(), `client ${patientId}`).toEqual(expected.sort());
    }
  });

  it('logs each view, linking the clients a list shows', async () => {
    const shown = await list(beheerder, 'allergies');
    const entries = await auditRows(t, { objectType: 'medication_dashboard', outcome: 'success' });
    const entry = entries.filter((e) => (e.detail as { list?: string } | null)?.list === 'allergies').at(-1);
    expect(entry?.relatedPatientIds?.sort()).toEqual([...patientsOf(shown)].sort());
    expect(entries.some((e) => (e.detail as { list?: string } | null)?.list === undefined)).toBe(true);
  });

  it('answers 400 naming the list for an unknown one, and 403 without medication.read', async () => {
    const bad = await beheerder.get('/api/medication/dashboard/list?list=nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Fields).toHaveProperty('list');
    expect((await beheerder.get('/api/medication/dashboard/list')).json().Fields).toHaveProperty('list');
    const trombose = await apiAs(t.app, 'trombose');
    expect((await trombose.get('/api/medication/dashboard')).statusCode).toBe(403);
    expect((await trombose.get('/api/medication/dashboard/list?list=started')).statusCode).toBe(403);
  });
});
