import type {
  Agreement,
  AgreementList,
  PatientList,
  ReviewDueList,
  VpDashboard,
  VpHistory,
} from '@zorgportaal/contract';
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDate } from '../../../platform/time.ts';
import * as s from '../../../schema.ts';
import { type Api, apiAs } from '../../../../test/helpers/api.ts';
import { auditRows } from '../../../../test/helpers/audit.ts';
import { entityIdOf } from '../../../../test/helpers/entities.ts';
import { DEMO_SIGNATURE_PNG } from '../../etdr/demo.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

describe('VP: the prescriber of a care centre', () => {
  let t: TestApp;
  let gp: Api;
  let nurse: Api;
  let deBerk: number;
  let practice: number;
  let ankerPatient: number;

  const firstPatientOf = async (entityId: number) => {
    const [row] = await t.db
      .select({ id: s.patients.id })
      .from(s.patients)
      .where(eq(s.patients.entityId, entityId))
      .orderBy(asc(s.patients.id))
      .limit(1);
    return row!.id;
  };

  /** The client whose dose the demo world changed: their history has a "started" and a "changed". */
  const patientWithDoseChange = async (entityId: number) => {
    const [row] = await t.db
      .select({ id: s.patients.id })
      .from(s.patients)
      .innerJoin(s.medicationAgreements, eq(s.medicationAgreements.patientId, s.patients.id))
      .where(and(eq(s.patients.entityId, entityId), isNotNull(s.medicationAgreements.replacesId)))
      .orderBy(asc(s.patients.id))
      .limit(1);
    return row!.id;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    gp = await apiAs(t.app, 'huisarts');
    nurse = await apiAs(t.app, 'verpleegkundige');
    deBerk = await entityIdOf(t, 'Zorgcentrum De Berk');
    practice = await entityIdOf(t, 'Huisartsenpraktijk Linde');
    ankerPatient = await firstPatientOf(await entityIdOf(t, 'Zorgcentrum Het Anker'));
  });
  afterAll(() => t.close());

  it('reaches the clients of the care centre it is the GP for, and no others', async () => {
    const list = (await gp.get('/api/patients?limit=200')).json<PatientList>();
    // De Berk's 20 clients, less the two without a prescriber in the demo world.
    expect(list.Rows.length).toBe(18);
    expect(list.Rows.every((p) => p.EntityId === deBerk && p.PrescriberEntityId === practice)).toBe(true);
    expect((await gp.get(`/api/patient/${ankerPatient}`)).statusCode).toBe(404);
    expect((await gp.get(`/api/vp/history/${ankerPatient}`)).statusCode).toBe(404);
    const refused = await auditRows(t, { objectType: 'vp_history', outcome: 'refused' });
    expect(refused.map((r) => r.objectId)).toContain(String(ankerPatient));
  });

  it('lists the clients with open items: signatures, consent, unread messages, reviews due', async () => {
    const res = await gp.get('/api/vp/dashboard');
    expect(res.statusCode).toBe(200);
    const dashboard = res.json<VpDashboard>();
    expect(dashboard.PatientCount).toBe(18);
    // The dose change of three days ago and yesterday's new course.
    expect(dashboard.Rows.reduce((n, r) => n + r.AwaitingSignature, 0)).toBe(2);
    expect(dashboard.Rows.some((r) => r.UnreadMessages > 0)).toBe(true);
    expect(dashboard.Rows.some((r) => r.ConsentMissing)).toBe(true);
    expect(dashboard.Rows.filter((r) => r.ReviewDue !== null)).toHaveLength(1);
    expect((await nurse.get('/api/vp/dashboard')).statusCode).toBe(403);
  });

  it('records a medication review and shows it on Terugblikken with the agreement changes', async () => {
    const patientId = await patientWithDoseChange(deBerk);
    const before = (await gp.get(`/api/vp/history/${patientId}`)).json<VpHistory>();
    expect(before.Events.map((e) => e.Kind)).toEqual(expect.arrayContaining(['started', 'changed']));
    const today = localDate(new Date());
    const res = await gp.post('/api/vp/reviews', {
      PatientId: patientId,
      ReviewedOn: today,
      Prescriber: 'Dr. Linde',
      Pharmacist: 'Apotheker De Linde',
      Nurse: 'F. El Amrani',
      Findings: 'Medicatie doorgenomen; geen wijzigingen nodig.',
      AgreedChanges: null,
      NextReviewOn: addDays(today, 5),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ Prescriber: 'Dr. Linde', RecordedBy: expect.any(String) });
    const after = (await gp.get(`/api/vp/history/${patientId}`)).json<VpHistory>();
    expect(after.Reviews[0]).toMatchObject({ ReviewedOn: today, Nurse: 'F. El Amrani' });
    expect(after.Events.find((e) => e.Kind === 'review')).toMatchObject({
      At: today,
      Text: 'Medicatie doorgenomen; geen wijzigingen nodig.',
    });
    const due = (await gp.get('/api/vp/reviews/due')).json<ReviewDueList>();
    expect(due.Rows.map((r) => r.PatientId)).toContain(patientId);
    const created = await auditRows(t, { objectType: 'medication_review', action: 'C' });
    expect(created.map((r) => r.patientId)).toContain(patientId);
  });

  it('refuses a review with bad fields (400 naming the field) or about a client out of scope (404)', async () => {
    const patientId = await firstPatientOf(deBerk);
    const body = {
      PatientId: patientId,
      ReviewedOn: '2026-02-01',
      Prescriber: 'Dr. Linde',
      Findings: 'Doorgenomen.',
    };
    const noFindings = await gp.post('/api/vp/reviews', { ...body, Findings: ' ' });
    expect(noFindings.statusCode).toBe(400);
    expect(noFindings.json().Fields).toHaveProperty('Findings');
    const badDate = await gp.post('/api/vp/reviews', { ...body, ReviewedOn: '2026-02-31' });
    expect(badDate.json().Fields).toHaveProperty('ReviewedOn');
    const nextBefore = await gp.post('/api/vp/reviews', { ...body, NextReviewOn: '2026-01-01' });
    expect(nextBefore.json().Fields).toHaveProperty('NextReviewOn');
    expect((await gp.post('/api/vp/reviews', { ...body, PatientId: ankerPatient })).statusCode).toBe(404);
    expect((await nurse.post('/api/vp/reviews', body)).statusCode).toBe(403);
  });

  const refusedPatientReads = async () =>
    (
      await t.db
        .select({ objectId: s.auditLog.objectId })
        .from(s.auditLog)
        .where(and(eq(s.auditLog.objectType, 'patient'), eq(s.auditLog.outcome, 'refused')))
    ).map((r) => r.objectId);

  /** Every way in for one client: the client, the AMO, Terugblikken, a new agreement, a signature. */
  const expectUnreachable = async (patientId: number) => {
    expect((await gp.get(`/api/patient/${patientId}`)).statusCode).toBe(404);
    expect((await gp.get(`/api/medication/patient/${patientId}/agreements`)).statusCode).toBe(404);
    expect((await gp.get(`/api/vp/history/${patientId}`)).statusCode).toBe(404);
    const list = (await gp.get('/api/patients?limit=200')).json<PatientList>();
    expect(list.Rows.map((p) => p.Id)).not.toContain(patientId);
    expect(await refusedPatientReads()).toContain(String(patientId));
  };

  it("refuses another GP's client and a client without prescriber of the same care centre (404, refused)", async () => {
    const [other] = await t.db
      .insert(s.entities)
      .values({ name: 'Huisartsenpraktijk Eikendal', type: 'customer', agb: '01099999' })
      .returning({ id: s.entities.id });
    await t.db
      .insert(s.networkLinks)
      .values({ entityId: other!.id, fromEntityId: other!.id, toEntityId: deBerk, role: 'gp', active: true });
    // A link made by hand is published as the API does (scopes are kept in the caller cache).
    await t.app.callerCache.forgetNetwork(other!.id);
    const linde = (await gp.get('/api/patients?limit=200')).json<PatientList>().Rows;
    const moved = linde[linde.length - 1]!.Id;
    await t.db.update(s.patients).set({ prescriberEntityId: other!.id }).where(eq(s.patients.id, moved));
    await expectUnreachable(moved);
    const [withoutPrescriber] = await t.db
      .select({ id: s.patients.id })
      .from(s.patients)
      .where(and(eq(s.patients.entityId, deBerk), isNull(s.patients.prescriberEntityId)))
      .limit(1);
    await expectUnreachable(withoutPrescriber!.id);
    // The pharmacy that supplies De Berk still sees every client.
    const pharmacist = await apiAs(t.app, 'apotheker');
    expect((await pharmacist.get(`/api/patient/${moved}`)).statusCode).toBe(200);
    await t.db.update(s.patients).set({ prescriberEntityId: practice }).where(eq(s.patients.id, moved));
  });

  it('refuses a client whose prescriber is the practice when no gp link joins it to the care centre', async () => {
    await t.db
      .update(s.patients)
      .set({ prescriberEntityId: practice })
      .where(eq(s.patients.id, ankerPatient));
    await expectUnreachable(ankerPatient);
  });

  it('lets the care centre choose a linked GP practice as prescriber, nothing else', async () => {
    const centre = await apiAs(t.app, 'beheerder');
    const options = (await centre.get('/api/patients/prescribers')).json<{ Rows: { Id: number }[] }>();
    expect(options.Rows.map((r) => r.Id)).toContain(practice);
    const [row] = await t.db
      .select()
      .from(s.patients)
      .where(and(eq(s.patients.entityId, deBerk), isNull(s.patients.prescriberEntityId)))
      .limit(1);
    const body = {
      Bsn: row!.bsn,
      DepartmentId: row!.departmentId,
      Room: row!.room,
      GpName: row!.gpName,
      Allergies: row!.allergies,
      PharmacyEntityId: row!.pharmacyEntityId,
    };
    const pharmacy = await entityIdOf(t, 'Apotheek De Linde');
    const wrong = await centre.put(`/api/patient/${row!.id}`, { ...body, PrescriberEntityId: pharmacy });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().Fields).toHaveProperty('PrescriberEntityId');
    const ok = await centre.put(`/api/patient/${row!.id}`, { ...body, PrescriberEntityId: practice });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      PrescriberEntityId: practice,
      PrescriberName: 'Huisartsenpraktijk Linde',
    });
    expect((await gp.get(`/api/patient/${row!.id}`)).statusCode).toBe(200);
    // The practice itself cannot move the client elsewhere (or to nobody).
    const byGp = await gp.put(`/api/patient/${row!.id}`, { ...body, PrescriberEntityId: null });
    expect(byGp.statusCode).toBe(422);
    await centre.put(`/api/patient/${row!.id}`, { ...body, PrescriberEntityId: null });
  });

  it('signing a waiting agreement takes it off the dashboard', async () => {
    const before = (await gp.get('/api/vp/dashboard')).json<VpDashboard>();
    const waiting = before.Rows.find((r) => r.AwaitingSignature > 0)!;
    const [patient] = await t.db.select().from(s.patients).where(eq(s.patients.id, waiting.PatientId));
    const agreements = (
      await gp.get(`/api/medication/patient/${waiting.PatientId}/agreements`)
    ).json<AgreementList>().Rows;
    const signatureOf = (a: Agreement) =>
      gp.get(`/api/etdr/patient/${a.PatientId}/authorizedsignature/${a.Id}/${patient!.entityId}`);
    let unsigned: Agreement | undefined;
    for (const a of agreements.filter((x) => x.Status === 'active' || x.Status === 'future'))
      if ((await signatureOf(a)).statusCode === 404) unsigned = a;
    expect(unsigned).toBeDefined();
    const signed = await gp.post('/api/etdr/informedconsent', {
      PatientId: waiting.PatientId,
      Kind: 'authorized',
      MedicationAgreementId: unsigned!.Id,
      SignerName: 'Dr. Linde',
      SignerRole: 'prescriber',
      ConsentText: 'Als voorschrijver onderteken ik de medicatieafspraak.',
      Signature: `data:image/png;base64,${DEMO_SIGNATURE_PNG}`,
    });
    expect(signed.statusCode).toBe(201);
    const stored = await signatureOf(unsigned!);
    expect(stored.statusCode).toBe(200);
    expect(stored.json()).toMatchObject({ Kind: 'authorized', SignerName: 'Dr. Linde' });
    const after = (await gp.get('/api/vp/dashboard')).json<VpDashboard>();
    const total = (d: VpDashboard) => d.Rows.reduce((n, r) => n + r.AwaitingSignature, 0);
    expect(total(after)).toBe(total(before) - 1);
  });

  it('shows deviations of the last 7 days and critical INR values per client', async () => {
    const [mine] = await t.db
      .select({ id: s.patients.id })
      .from(s.patients)
      .where(eq(s.patients.prescriberEntityId, practice))
      .orderBy(asc(s.patients.id))
      .limit(1);
    const base = (await gp.get('/api/vp/dashboard')).json<VpDashboard>();
    const inrBefore = base.Rows.find((r) => r.PatientId === mine!.id)?.InrAlerts ?? 0;
    await t.db.insert(s.inrValues).values({
      patientId: mine!.id,
      valueTenths: 72,
      measuredAt: new Date(Date.now() - 86_400_000),
      method: 'venous',
      lowTenths: 20,
      highTenths: 30,
      interpretation: 'critical',
    });
    const dashboard = (await gp.get('/api/vp/dashboard')).json<VpDashboard>();
    expect(dashboard.Rows.find((r) => r.PatientId === mine!.id)?.InrAlerts).toBe(inrBefore + 1);
    // The demo world's registrations of the last week include refusals and missed doses.
    expect(dashboard.Rows.some((r) => r.Deviations > 0)).toBe(true);
  });
});
