import type { PatientList, ReviewDueList, VpDashboard, VpHistory } from '@zorgportaal/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDate } from '../src/platform/time.ts';
import * as s from '../src/platform/db/schema/index.ts';
import { type Caller, caller } from './helpers/medication.ts';
import { entityIdOf } from './helpers/entities.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

describe('VP: the prescriber of a care centre', () => {
  let t: TestApp;
  let gp: Caller;
  let nurse: Caller;
  let deBerk: number;
  let ankerPatient: number;

  const firstPatientOf = async (entityId: number) => {
    const [row] = await t.db
      .select({ id: s.patients.id })
      .from(s.patients)
      .where(eq(s.patients.entityId, entityId))
      .limit(1);
    return row!.id;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    gp = await caller(t.app, 'huisarts');
    nurse = await caller(t.app, 'verpleegkundige');
    deBerk = await entityIdOf(t, 'Zorgcentrum De Berk');
    ankerPatient = await firstPatientOf(await entityIdOf(t, 'Zorgcentrum Het Anker'));
  });
  afterAll(() => t.close());

  it('reaches the clients of the care centre it is the GP for, and no others', async () => {
    const list = (await gp.get('/api/patients?limit=200')).json<PatientList>();
    expect(list.Rows.length).toBe(20);
    expect(list.Rows.every((p) => p.EntityId === deBerk)).toBe(true);
    expect((await gp.get(`/api/patient/${ankerPatient}`)).statusCode).toBe(404);
    expect((await gp.get(`/api/vp/history/${ankerPatient}`)).statusCode).toBe(404);
    const refused = await t.db
      .select()
      .from(s.auditLog)
      .where(and(eq(s.auditLog.objectType, 'vp_history'), eq(s.auditLog.outcome, 'refused')));
    expect(refused.map((r) => r.objectId)).toContain(String(ankerPatient));
  });

  it('lists the clients with open items: signatures, consent, unread messages, reviews due', async () => {
    const res = await gp.get('/api/vp/dashboard');
    expect(res.statusCode).toBe(200);
    const dashboard = res.json<VpDashboard>();
    expect(dashboard.PatientCount).toBe(20);
    // The dose change of three days ago and yesterday's new course.
    expect(dashboard.Rows.reduce((n, r) => n + r.AwaitingSignature, 0)).toBe(2);
    expect(dashboard.Rows.some((r) => r.UnreadMessages > 0)).toBe(true);
    expect(dashboard.Rows.some((r) => r.ConsentMissing)).toBe(true);
    expect(dashboard.Rows.filter((r) => r.ReviewDue !== null)).toHaveLength(1);
    expect((await nurse.get('/api/vp/dashboard')).statusCode).toBe(403);
  });

  it('records a medication review and shows it on Terugblikken with the agreement changes', async () => {
    const patientId = await firstPatientOf(deBerk);
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
    const created = await t.db
      .select()
      .from(s.auditLog)
      .where(and(eq(s.auditLog.objectType, 'medication_review'), eq(s.auditLog.action, 'C')));
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
});
