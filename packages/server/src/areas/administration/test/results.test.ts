import {
  type AdministrationDashboard,
  type AdministrationList,
  type Agreement,
  type Flowchart,
  FLOWCHART_STEPS,
  isValidBsn,
  type MedicationList,
  type Patient,
  type Results,
} from '@zorgportaal/contract';
import { ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localInstant } from '../../../platform/time.ts';
import { rowsOf } from '../../../platform/db/client.ts';
import * as s from '../../../schema.ts';
import { type Api, apiAs } from '../../../../test/helpers/api.ts';
import { auditRows } from '../../../../test/helpers/audit.ts';
import {
  agreementBody,
  departmentIdOf,
  newClient,
  patientBody,
  yesterday,
} from '../../../../test/helpers/medication.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

describe('results overview, CSV export, dashboard and flowchart', () => {
  let t: TestApp;
  let nurse: Api;
  let patient: Patient;
  let beheerder: Api;
  const at = (time: string, plus = 0) =>
    new Date(localInstant(yesterday(), time).getTime() + plus * 60_000).toISOString();

  beforeAll(async () => {
    t = await buildTestApp();
    beheerder = await apiAs(t.app, 'beheerder');
    nurse = await apiAs(t.app, 'verpleegkundige');
    const eikenhof = await departmentIdOf(t, 'Afdeling Eikenhof');
    const personId = await newClient(t, 'Zorgcentrum De Berk', 'Resultaat');
    patient = (
      await beheerder.post(`/api/patient/link/person/${personId}`, patientBody(eikenhof, '111222333'))
    ).json();
    const medicationId = await productId('AMLODIPINE');
    const agreement = (
      await beheerder.post(
        '/api/medication/agreement',
        agreementBody(patient.Id, medicationId, {
          Instructions: {
            DoseUnit: 'tablet',
            Moments: [
              { Time: '08:00', Dose: 1 },
              { Time: '12:00', Dose: 1 },
              { Time: '20:00', Dose: 1 },
            ],
          },
        }),
      )
    ).json<Agreement>();
    const register = (body: Record<string, unknown>) =>
      nurse.post('/api/administration/registration', { AgreementId: agreement.Id, ...body });
    const first = await register({ ScheduledAt: at('08:00'), Status: 'given', AdministeredAt: at('08:00') });
    await register({ ScheduledAt: at('12:00'), Status: 'refused', DeviationReason: 'refused' });
    // 90 minutes late is outside the default time window: registered with the reason "later gegeven".
    const late = await register({
      ScheduledAt: at('20:00'),
      Status: 'given',
      AdministeredAt: at('20:00', 90),
      TimingReason: 'given_late',
    });
    expect(late.statusCode).toBe(201);
    // Corrected: the overview counts the correction, not the original.
    await register({
      ScheduledAt: at('08:00'),
      Status: 'not_given',
      DeviationReason: 'wrong_registration',
      CorrectsId: first.json().Id,
    });
  });
  afterAll(() => t.close());

  const productId = async (q: string) =>
    (await beheerder.get(`/api/medication/catalogue?q=${encodeURIComponent(q)}`)).json<MedicationList>()
      .Rows[0]!.Id;
  /** A new agreement of the test patient with one daily moment. */
  const dailyAgreement = async (product: string, time: string, dose = 1) =>
    (
      await beheerder.post(
        '/api/medication/agreement',
        agreementBody(patient.Id, await productId(product), {
          Instructions: { DoseUnit: 'stuk', Moments: [{ Time: time, Dose: dose }] },
          DistributionForm: 'loose',
        }),
      )
    ).json<Agreement>();
  const dashboardOf = async (date?: string) =>
    (
      await nurse.get(`/api/administration/dashboard${date ? `?date=${date}` : ''}`)
    ).json<AdministrationDashboard>();

  it('the demo world: every client a patient with a valid BSN, 2–5 agreements, two weeks of registrations', async () => {
    const patients = await t.db.select().from(s.patients).where(ne(s.patients.id, patient.Id));
    expect(patients).toHaveLength(40);
    expect(patients.every((p) => p.bsn !== null && isValidBsn(p.bsn) && p.pharmacyEntityId !== null)).toBe(
      true,
    );
    const agreements = await t.db.select().from(s.medicationAgreements);
    for (const p of patients) {
      const own = agreements.filter((a) => a.patientId === p.id && a.endAt === null);
      expect(own.length).toBeGreaterThanOrEqual(2);
      expect(own.length).toBeLessThanOrEqual(5);
    }
    const [counts] = rowsOf<{ days: number; risky: number; deviations: number; consents: number }>(
      await t.db.execute(sql`select
        (select count(distinct (moment_at at time zone 'Europe/Amsterdam')::date)::int from administrations) as days,
        (select count(*)::int from administrations where double_check_required) as risky,
        (select count(*)::int from administrations where status <> 'given') as deviations,
        (select count(*)::int from consents) as consents`),
    );
    expect(counts!.days).toBeGreaterThanOrEqual(14);
    expect(counts!.risky).toBeGreaterThan(0);
    expect(counts!.deviations).toBeGreaterThan(0);
    expect(counts!.consents).toBeGreaterThan(30);
  });

  it('counts effective registrations with percentages, late doses included', async () => {
    const res = await nurse.get(
      `/api/administration/results?patientId=${patient.Id}&from=${yesterday()}&to=${yesterday()}`,
    );
    expect(res.statusCode).toBe(200);
    const results = res.json<Results>();
    expect(results.Total).toBe(3);
    const count = (s: string) => results.ByStatus.find((b) => b.Status === s)!;
    expect(count('given')).toEqual({ Status: 'given', Count: 1, Percentage: 33.3 });
    expect(count('not_given').Count).toBe(1);
    expect(count('refused').Count).toBe(1);
    expect(results.Late).toEqual({ Count: 1, Percentage: 33.3 });
  });

  it('groups by department within the caller scope, and by day in date order', async () => {
    const byDepartment = (await nurse.get('/api/administration/results?groupBy=department')).json<Results>();
    expect(byDepartment.Groups.map((g) => g.Label).sort()).toEqual([
      'Afdeling Eikenhof',
      'Afdeling Lindehof',
    ]);
    expect(byDepartment.Groups.reduce((n, g) => n + g.Total, 0)).toBe(byDepartment.Total);
    expect(byDepartment.ByStatus.reduce((n, s) => n + s.Count, 0)).toBe(byDepartment.Total);
    const byDay = (await nurse.get('/api/administration/results?groupBy=day')).json<Results>();
    expect(byDay.Groups.map((g) => g.Key)).toEqual([...byDay.Groups.map((g) => g.Key)].sort());
    const centrum = (
      await (await apiAs(t.app, 'centrum')).get('/api/administration/results?groupBy=department')
    ).json<Results>();
    expect(centrum.Groups.map((g) => g.Label).sort()).toEqual(['Afdeling Kompas', 'Wijk Haven']);
    const refused = (await nurse.get('/api/administration/results?status=refused')).json<Results>();
    expect(refused.ByStatus.find((s) => s.Status === 'refused')!.Count).toBe(refused.Total);
    expect((await nurse.get('/api/administration/results?from=2026-02-01&to=2026-01-01')).statusCode).toBe(
      400,
    );
  });

  it('exports CSV as an attachment and logs the export as E', async () => {
    const res = await nurse.get(
      `/api/administration/results/export?patientId=${patient.Id}&from=${yesterday()}&to=${yesterday()}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="toedienregistratie-/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'RegistrationId;Department;Patient;Medication;ScheduledAt;AdministeredAt;Status;DeviationReason;DeviationText;Late;RecordedBy;DoubleCheckBy;CorrectsId;TimingReason',
    );
    expect(lines).toHaveLength(4);
    // The dose given 90 minutes late carries its reason.
    expect(lines.filter((line) => line.endsWith(';given_late'))).toHaveLength(1);
    const exports = await auditRows(t, { objectType: 'administration_results_export' });
    expect(exports.map((e) => [e.action, e.patientId])).toContainEqual(['E', patient.Id]);
  });

  it('the dashboard shows progress per department and patients without consent', async () => {
    const dashboard = (await nurse.get('/api/administration/dashboard')).json<AdministrationDashboard>();
    expect(dashboard.Departments.map((d) => d.DepartmentName)).toEqual([
      'Afdeling Eikenhof',
      'Afdeling Lindehof',
    ]);
    for (const d of dashboard.Departments) {
      expect(d.Planned).toBeGreaterThan(0);
      expect(d.Given + d.Open).toBeLessThanOrEqual(d.Planned);
    }
    expect(dashboard.PatientsWithoutConsent.some((p) => p.PatientId === patient.Id)).toBe(true);
    const past = (
      await nurse.get(`/api/administration/dashboard?date=${yesterday()}`)
    ).json<AdministrationDashboard>();
    const eikenhof = past.Departments[0]!;
    expect(eikenhof.Given).toBeGreaterThan(0);
    expect(eikenhof.Deviations).toBeGreaterThan(0);
  });

  it('the flowchart counts every step for a department', async () => {
    const flow = (await nurse.get(`/api/medication/flowchart?date=${yesterday()}`)).json<Flowchart>();
    expect(flow.Steps.map((s) => s.Key)).toEqual([...FLOWCHART_STEPS]);
    const count = (key: string) => flow.Steps.find((s) => s.Key === key)!.Count;
    expect(count('prescribe')).toBeGreaterThan(0);
    expect(count('dispense_gds') + count('dispense_loose')).toBe(count('prescribe'));
    expect(count('register')).toBeGreaterThan(0);
    expect(
      (await (await apiAs(t.app, 'anker')).get(`/api/medication/flowchart?departmentId=${flow.DepartmentId}`))
        .statusCode,
    ).toBe(404);
  });
  it('the dashboard total of open double checks is the sum of its department rows, for the chosen day', async () => {
    // An insulin dose of yesterday evening that still waits for its second nurse.
    const insulin = await dailyAgreement('INSULINE GLARGINE', '22:00', 12);
    const res = await nurse.post('/api/administration/registration', {
      AgreementId: insulin.Id,
      ScheduledAt: at('22:00'),
      Status: 'given',
      AdministeredAt: at('22:00', 2),
    });
    expect(res.json()).toMatchObject({ AwaitingDoubleCheck: true });
    const sumOf = (d: AdministrationDashboard) =>
      d.Departments.reduce((n, r) => n + r.AwaitingDoubleCheck, 0);
    const past = await dashboardOf(yesterday());
    expect(past.Departments[0]!.AwaitingDoubleCheck).toBeGreaterThanOrEqual(1);
    expect(past.AwaitingDoubleCheck).toBe(sumOf(past));
    // Yesterday's open check is not today's: today's total counts only today's rows.
    const current = await dashboardOf();
    expect(current.AwaitingDoubleCheck).toBe(sumOf(current));
  });

  it('an undone registration (correction to cancelled) is no registration: results, export and dashboard as before', async () => {
    const agreement = await dailyAgreement('OMEPRAZOL', '10:00');
    const period = `patientId=${patient.Id}&from=${yesterday()}&to=${yesterday()}`;
    const snapshot = async () => ({
      results: (await nurse.get(`/api/administration/results?${period}`)).json<Results>(),
      csv: (await nurse.get(`/api/administration/results/export?${period}`)).body,
      eikenhof: (await dashboardOf(yesterday())).Departments[0]!,
      register: (await nurse.get(`/api/medication/flowchart?date=${yesterday()}`))
        .json<Flowchart>()
        .Steps.find((step) => step.Key === 'register'),
    });
    const before = await snapshot();
    expect(before.eikenhof.DepartmentName).toBe('Afdeling Eikenhof');

    const given = await nurse.post('/api/administration/registration', {
      AgreementId: agreement.Id,
      ScheduledAt: at('10:00'),
      Status: 'given',
      AdministeredAt: at('10:00', 5),
    });
    expect(given.statusCode).toBe(201);
    const registered = await snapshot();
    expect(registered.results.Total).toBe(before.results.Total + 1);
    expect(registered.eikenhof.Open).toBe(before.eikenhof.Open - 1);

    // The web client's undo.
    const undo = await nurse.post('/api/administration/registration', {
      AgreementId: agreement.Id,
      ScheduledAt: at('10:00'),
      Status: 'cancelled',
      DeviationReason: 'wrong_registration',
      CorrectsId: given.json().Id,
    });
    expect(undo.statusCode).toBe(201);
    const after = await snapshot();
    // Counted as if never registered: open (and late) again, not a deviation, not in the export.
    expect(after.results).toEqual(before.results);
    expect(after.results.ByStatus.find((b) => b.Status === 'cancelled')!.Count).toBe(0);
    expect(after.csv).toBe(before.csv);
    expect(after.eikenhof).toEqual(before.eikenhof);
    expect(after.register).toEqual(before.register);
    const list = (
      await nurse.get(
        `/api/administration/list?departmentId=${before.eikenhof.DepartmentId}&date=${yesterday()}`,
      )
    ).json<AdministrationList>();
    const moment = list.Moments.find((m) => m.AgreementId === agreement.Id)!;
    // Still on record, shown as the latest registration; the moment itself is late again.
    expect(moment.Registrations.map((r) => r.Status)).toEqual(['cancelled']);
    expect(moment.Late).toBe(true);
  });

  it("a results filter on another organisation's client is 404 with a refused entry, not an empty success", async () => {
    const anker = await apiAs(t.app, 'anker');
    const before = (await auditRows(t, { objectType: 'administration_results', outcome: 'success' })).length;
    for (const path of ['/api/administration/results', '/api/administration/results/export']) {
      const res = await anker.get(`${path}?patientId=${patient.Id}`);
      expect(res.statusCode, path).toBe(404);
      expect(res.json().Code, path).toBe('NOT_FOUND');
    }
    const refused = (await auditRows(t, { objectType: 'patient', outcome: 'refused' })).filter(
      (r) => r.objectId === String(patient.Id),
    );
    expect(refused).toHaveLength(2);
    expect((await auditRows(t, { objectType: 'administration_results', outcome: 'success' })).length).toBe(
      before,
    );
    // The client's own organisation still gets its figures.
    expect((await nurse.get(`/api/administration/results?patientId=${patient.Id}`)).statusCode).toBe(200);
  });
});
