import type {
  AgreementList,
  DosageScheme,
  DosageSchemeList,
  InrValue,
  InrValueList,
  PatientList,
  Thread,
  ThreadList,
  TrombosisDashboard,
  TrombosisPatientList,
} from '@zorgportaal/contract';
import { findProtectedRoute, routePermitted } from '@zorgportaal/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDate } from '../../../platform/time.ts';
import * as s from '../../../schema.ts';
import { type Api, apiAs } from '../../../../test/helpers/api.ts';
import { auditRows } from '../../../../test/helpers/audit.ts';
import { login } from '../../../../test/helpers/login.ts';
import { entityIdOf } from '../../../../test/helpers/entities.ts';
import { today } from '../../../../test/helpers/medication.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

describe('trombosis service: INR values, target ranges, dosage schemes, scope', () => {
  let t: TestApp;
  let trombose: Api;
  let deBerk: number;
  let hetAnker: number;
  /** A demo patient of De Berk the service doses, and one of Het Anker. */
  let patientId: number;
  let ankerPatientId: number;

  beforeAll(async () => {
    t = await buildTestApp();
    trombose = await apiAs(t.app, 'trombose');
    deBerk = await entityIdOf(t, 'Zorgcentrum De Berk');
    hetAnker = await entityIdOf(t, 'Zorgcentrum Het Anker');
    const [dosed] = await t.db
      .select({ id: s.dosageSchemes.patientId })
      .from(s.dosageSchemes)
      .innerJoin(s.patients, eq(s.patients.id, s.dosageSchemes.patientId))
      .where(eq(s.patients.entityId, deBerk))
      .limit(1);
    patientId = dosed!.id;
    const [anker] = await t.db
      .select({ id: s.patients.id })
      .from(s.patients)
      .where(eq(s.patients.entityId, hetAnker))
      .limit(1);
    ankerPatientId = anker!.id;
  });
  afterAll(() => t.close());

  it("lets the service list the patients of the care centres it serves, and nobody else's", async () => {
    const res = await trombose.get('/api/patients');
    expect(res.statusCode).toBe(200);
    const entities = new Set(res.json<PatientList>().Rows.map((p) => p.EntityId));
    expect([...entities].sort()).toEqual([deBerk, hetAnker].sort());
    const one = await trombose.get(`/api/patient/${patientId}`);
    expect(one.statusCode).toBe(200);
    // The medication overview stays out of reach: trombosis.read is no medication.read.
    expect((await trombose.get(`/api/medication/patient/${patientId}/agreements`)).statusCode).toBe(403);
  });

  it('shows the service the coumarin agreements of a patient it doses, and no other agreement', async () => {
    const [agreement] = await t.db
      .select({ patientId: s.medicationAgreements.patientId })
      .from(s.medicationAgreements)
      .innerJoin(s.medications, eq(s.medications.id, s.medicationAgreements.medicationId))
      .innerJoin(s.patients, eq(s.patients.id, s.medicationAgreements.patientId))
      .where(and(eq(s.medications.name, 'ACENOCOUMAROL TABLET 1MG'), eq(s.patients.entityId, deBerk)))
      .limit(1);
    const coumarinPatient = agreement!.patientId;
    // The care centre's own overview of the same patient holds other medication too.
    const nurse = await apiAs(t.app, 'verpleegkundige');
    const overview = (
      await nurse.get(`/api/medication/patient/${coumarinPatient}/agreements`)
    ).json<AgreementList>().Rows;
    expect(overview.some((a) => !a.Medication.Atc.startsWith('B01AA'))).toBe(true);
    const before = (await auditRows(t, { objectType: 'coumarin_agreements', outcome: 'success' })).length;
    const res = await trombose.get(`/api/trombosis/patient/${coumarinPatient}/coumarinagreements`);
    expect(res.statusCode).toBe(200);
    const rows = res.json<AgreementList>().Rows;
    expect(rows.map((a) => a.Id)).toEqual(
      overview.filter((a) => a.Medication.Atc.startsWith('B01AA')).map((a) => a.Id),
    );
    expect(rows.map((a) => a.Medication.Name)).toContain('ACENOCOUMAROL TABLET 1MG');
    const reads = await auditRows(t, { objectType: 'coumarin_agreements', outcome: 'success' });
    expect(reads).toHaveLength(before + 1);
    expect(reads.at(-1)).toMatchObject({ action: 'R', patientId: coumarinPatient, username: 'trombose' });
  });

  it('answers 404 with a refused entry for coumarin agreements out of the service’s reach', async () => {
    // A patient that does not exist; a patient of a centre whose link ended: see the last test.
    for (const id of [999_999]) {
      const before = (await auditRows(t, { objectType: 'coumarin_agreements', outcome: 'refused' })).length;
      const res = await trombose.get(`/api/trombosis/patient/${id}/coumarinagreements`);
      expect(res.statusCode).toBe(404);
      expect(await auditRows(t, { objectType: 'coumarin_agreements', outcome: 'refused' })).toHaveLength(
        before + 1,
      );
    }
  });

  it("lets a GP practice read its own clients' INR values, read-only, and nobody else's", async () => {
    const huisarts = await apiAs(t.app, 'huisarts');
    const linde = await entityIdOf(t, 'Huisartsenpraktijk Linde');
    const berkClients = await t.db
      .select({ id: s.patients.id, prescriber: s.patients.prescriberEntityId })
      .from(s.patients)
      .where(eq(s.patients.entityId, deBerk));
    const own = berkClients.filter((p) => p.prescriber === linde).map((p) => p.id);
    const other = berkClients.find((p) => p.prescriber !== linde)!;
    expect(own.length).toBeGreaterThan(0);
    expect(other).toBeDefined();

    const list = (await huisarts.get('/api/trombosis/patients')).json<TrombosisPatientList>();
    expect(list.CanWrite).toBe(false);
    expect(list.Rows.length).toBeGreaterThan(0);
    expect(list.Rows.every((p) => own.includes(p.Id))).toBe(true);
    const mine = list.Rows.find((p) => p.LastInr !== null) ?? list.Rows[0]!;
    expect((await huisarts.get(`/api/trombosis/patient/${mine.Id}/inrvalues`)).statusCode).toBe(200);

    const before = (await auditRows(t, { objectType: 'inr_values', outcome: 'refused' })).length;
    expect((await huisarts.get(`/api/trombosis/patient/${other.id}/inrvalues`)).statusCode).toBe(404);
    expect(await auditRows(t, { objectType: 'inr_values', outcome: 'refused' })).toHaveLength(before + 1);
    // Reading is all: entering a value stays the service's work.
    const entered = await huisarts.post(`/api/trombosis/patient/${mine.Id}/inrvalues`, {
      Value: 2.5,
      MeasuredAt: new Date().toISOString(),
      Method: 'fingerprick',
    });
    expect([403, 404]).toContain(entered.statusCode);
  });

  it('shows the demo world: ~8 dosed patients, one critical value this week, one overdue, one due today', async () => {
    const list = (await trombose.get('/api/trombosis/patients')).json<TrombosisPatientList>();
    expect(list.CanWrite).toBe(true);
    const dosed = list.Rows.filter((p) => p.Drug !== null);
    expect(dosed.length).toBe(8);
    expect(dosed.every((p) => p.LastInr && p.TargetRange && p.NextCheck)).toBe(true);
    const dashboard = (await trombose.get('/api/trombosis/dashboard')).json<TrombosisDashboard>();
    expect(dashboard.Critical.map((c) => c.Value)).toEqual([6.4]);
    expect(dashboard.Overdue).toHaveLength(1);
    expect(dashboard.DueToday).toHaveLength(1);
    expect(dashboard.Ttr.Overall).toBeGreaterThan(0);
    expect(dashboard.Ttr.Rows).toHaveLength(8);
  });

  it('enters an INR value, interprets it on the server and logs it; a critical value reaches the dashboard', async () => {
    const list = (await trombose.get('/api/trombosis/patients')).json<TrombosisPatientList>();
    const newPatient = list.Rows.find(
      (p) => p.LastInr === null && p.EntityName === 'Zorgcentrum De Berk',
    )!.Id;
    const before = (await trombose.get('/api/trombosis/dashboard')).json<TrombosisDashboard>();
    const res = await trombose.post(`/api/trombosis/patient/${newPatient}/inrvalues`, {
      Value: 6.0,
      MeasuredAt: new Date(Date.now() - 3_600_000).toISOString(),
      Method: 'fingerprick',
      Note: 'Controle na antibioticum',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<InrValue>()).toMatchObject({
      Value: 6,
      Interpretation: 'critical',
      Method: 'fingerprick',
    });
    const after = (await trombose.get('/api/trombosis/dashboard')).json<TrombosisDashboard>();
    expect(after.Critical).toHaveLength(before.Critical.length + 1);
    expect(after.Critical[0]).toMatchObject({ PatientId: newPatient, Value: 6 });
    const created = await auditRows(t, { objectType: 'inr_value', outcome: 'success' });
    expect(created.some((r) => r.patientId === newPatient && r.action === 'C')).toBe(true);

    const values = (
      await trombose.get(`/api/trombosis/patient/${newPatient}/inrvalues`)
    ).json<InrValueList>();
    expect(values.Rows.map((v) => v.Value)).toEqual([6]);
    const reads = await auditRows(t, { objectType: 'inr_values', outcome: 'success' });
    expect(reads.some((r) => r.patientId === newPatient && r.action === 'R')).toBe(true);
  });

  it('sends one high-priority message to the care centre for a critical value, none for another', async () => {
    const nurse = await apiAs(t.app, 'verpleegkundige');
    const threadsAbout = async () =>
      (await nurse.get(`/api/communication/threads?patientId=${patientId}`)).json<ThreadList>().Rows;
    const before = await threadsAbout();
    const measuredAt = new Date(Date.now() - 2 * 3_600_000);
    const inRange = await trombose.post(`/api/trombosis/patient/${patientId}/inrvalues`, {
      Value: 2.5,
      MeasuredAt: measuredAt.toISOString(),
      Method: 'venous',
      Note: null,
    });
    expect(inRange.json<InrValue>().Interpretation).not.toBe('critical');
    expect(await threadsAbout()).toHaveLength(before.length);

    const critical = await trombose.post(`/api/trombosis/patient/${patientId}/inrvalues`, {
      Value: 7.2,
      MeasuredAt: measuredAt.toISOString(),
      Method: 'venous',
      Note: null,
    });
    expect(critical.json<InrValue>().Interpretation).toBe('critical');
    const after = await threadsAbout();
    expect(after).toHaveLength(before.length + 1);
    const created = after.find((r) => !before.some((b) => b.Id === r.Id))!;
    const day = localDate(measuredAt).split('-').reverse().join('-');
    expect(created).toMatchObject({
      Priority: 'high',
      PatientId: patientId,
      // The thread links the value itself, so the care centre opens it from the message.
      InrValue: { Id: critical.json<InrValue>().Id, Value: 7.2, MeasuredAt: measuredAt.toISOString() },
      FromEntityName: 'Trombosedienst Midden',
      ToEntityName: 'Zorgcentrum De Berk',
      Unread: true,
    });
    expect(created.Subject).toContain('7,2');
    expect(created.Subject).toContain(day);
    const thread = (await nurse.get(`/api/communication/threads/${created.Id}`)).json<Thread>();
    expect(thread.Messages).toHaveLength(1);
    expect(thread.Messages[0]!.Body).toContain('7,2');
    expect(thread.Messages[0]!.Body).toContain(day);
    const audited = await auditRows(t, { objectType: 'message_thread', outcome: 'success' });
    expect(
      audited.some((r) => r.objectId === String(created.Id) && r.action === 'C' && r.patientId === patientId),
    ).toBe(true);
  });

  it('answers 400 naming the field for a bad value, a future moment or an unknown method', async () => {
    const url = `/api/trombosis/patient/${patientId}/inrvalues`;
    const base = { Value: 2.5, MeasuredAt: new Date().toISOString(), Method: 'venous' };
    for (const [body, field] of [
      [{ ...base, Value: 2.45 }, 'Value'],
      [{ ...base, Value: 0.7 }, 'Value'],
      [{ ...base, Value: 15.1 }, 'Value'],
      [{ ...base, Method: 'raden' }, 'Method'],
      [{ ...base, MeasuredAt: new Date(Date.now() + 86_400_000).toISOString() }, 'MeasuredAt'],
      [{ ...base, MeasuredAt: 'gisteren' }, 'MeasuredAt'],
    ] as const) {
      const res = await trombose.post(url, body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().Fields, field).toHaveProperty(field);
    }
  });

  it('changes the target range with history; later values are judged against the new range', async () => {
    const url = `/api/trombosis/patient/${patientId}`;
    const before = (await trombose.get(`${url}/inrvalues`)).json<InrValueList>();
    const bad = await trombose.put(`${url}/targetrange`, { Group: 'custom', Low: 2.0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Fields).toHaveProperty('High');
    const res = await trombose.put(`${url}/targetrange`, { Group: 'custom', Low: 2.0, High: 3.5 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ Group: 'custom', Low: 2, High: 3.5, SetBy: 'trombose' });
    const after = (await trombose.get(`${url}/inrvalues`)).json<InrValueList>();
    expect(after.TargetRangeHistory).toHaveLength(before.TargetRangeHistory.length + 1);
    expect(after.TargetRangeHistory[1]).toEqual(before.TargetRange);
    // Old values keep the range they were judged by.
    expect(after.Rows.slice(0, before.Rows.length)).toEqual(before.Rows);
    const value = await trombose.post(`${url}/inrvalues`, {
      Value: 3.4,
      MeasuredAt: new Date(Date.now() - 60_000).toISOString(),
      Method: 'venous',
    });
    expect(value.json<InrValue>()).toMatchObject({
      Interpretation: 'in',
      TargetRange: { Low: 2, High: 3.5 },
    });
    const changes = await auditRows(t, { objectType: 'inr_target_range', outcome: 'success' });
    expect(changes.at(-1)).toMatchObject({ action: 'U', patientId, changedFields: ['Group', 'High'] });
  });

  it('replaces a scheme from a later date without rewriting history', async () => {
    const url = `/api/trombosis/patient/${patientId}/dosageschemes`;
    const before = (await trombose.get(url)).json<DosageSchemeList>();
    expect(before.CanWrite).toBe(true);
    expect(before.Current).not.toBeNull();
    const from = addDays(today(), 3);
    const body = {
      Drug: 'acenocoumarol',
      ValidFrom: from,
      TabletsPerDay: [1.5, 1, 1.5, 1, 1.5, 1, 1.5],
      NextCheck: addDays(from, 21),
      Note: 'Iets lager na hoge waarde',
    };
    const res = await trombose.post(url, body);
    expect(res.statusCode).toBe(201);
    // The service that wrote it, named on the doseerkalender as the client's contact.
    expect(res.json<DosageScheme>()).toMatchObject({
      ValidFrom: from,
      WeekTotalMg: 9,
      ValidUntil: null,
      ServiceName: 'Trombosedienst Midden',
      ServicePhone: '030-2345678',
      ServiceEmail: 'dosering@trombosedienst-midden.example.nl',
    });
    const after = (await trombose.get(url)).json<DosageSchemeList>();
    // Today the old scheme still holds, now ending the day before the new one starts.
    expect(after.Current!.Id).toBe(before.Current!.Id);
    expect(after.Current!.ValidUntil).toBe(addDays(from, -1));
    expect(after.Current!.TabletsPerDay).toEqual(before.Current!.TabletsPerDay);
    expect(after.Rows).toHaveLength(before.Rows.length + 1);
    expect(after.Rows[0]!.ValidFrom).toBe(from);

    const past = await trombose.post(url, { ...body, ValidFrom: addDays(today(), -1) });
    expect(past.statusCode).toBe(400);
    expect(past.json().Fields).toHaveProperty('ValidFrom');
    const quarter = await trombose.post(url, { ...body, TabletsPerDay: [1.25, 1, 1, 1, 1, 1, 1] });
    expect(quarter.statusCode).toBe(400);
    expect(Object.keys(quarter.json().Fields)[0]).toMatch(/^TabletsPerDay/);
    expect(
      (await auditRows(t, { objectType: 'dosage_scheme', outcome: 'success' })).some(
        (r) => r.action === 'C' && r.patientId === patientId,
      ),
    ).toBe(true);
  });

  it("names the service's own contact details on the scheme, as its Beheerder keeps them", async () => {
    const url = `/api/trombosis/patient/${patientId}/dosageschemes`;
    const beheer = await apiAs(t.app, 'trombosebeheer');
    const bad = await beheer.put('/api/management/settings/1', {
      ContactPhone: 'bel ons',
      ContactEmail: 'x@',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().Fields).sort()).toEqual(['ContactEmail', 'ContactPhone']);
    // Refused input changes nothing: the scheme still names the stored phone.
    expect((await trombose.get(url)).json<DosageSchemeList>().Rows[0]).toMatchObject({
      ServicePhone: '030-2345678',
    });
    const saved = await beheer.put('/api/management/settings/1', {
      ContactPhone: '+31 30 765 4321',
      ContactEmail: '',
    });
    expect(saved.statusCode).toBe(200);
    expect((await trombose.get(url)).json<DosageSchemeList>().Rows[0]).toMatchObject({
      ServiceName: 'Trombosedienst Midden',
      ServicePhone: '+31 30 765 4321',
      // Emptied: left off the calendar, not printed as an empty address.
      ServiceEmail: null,
    });
  });

  it("raises the critical value on the care centre's landing page, not on another centre's", async () => {
    type Tiles = { Tiles: { Key: string; Value: number; Link: string | null }[] };
    const tile = async (username: string) =>
      (await (await apiAs(t.app, username)).get('/api/dashboard'))
        .json<Tiles>()
        .Tiles.find((x) => x.Key === 'inrCritical');
    expect((await tile('verpleegkundige'))?.Value).toBeGreaterThanOrEqual(1);
    // The nurse's and the GP's tiles open the dashboard they may read, and count its list of critical values.
    for (const username of ['verpleegkundige', 'huisarts']) {
      const found = await tile(username);
      expect(found?.Link, username).toBe('/zp/trombosisservice/dashboard');
      const permissions = (await login(t.app, username)).Permissions.map((p) => p.name);
      expect(routePermitted(findProtectedRoute(found!.Link!)!, permissions, 'carecenter'), username).toBe(
        true,
      );
      const list = (
        await (await apiAs(t.app, username)).get('/api/trombosis/dashboard')
      ).json<TrombosisDashboard>();
      expect(list.Critical.length, username).toBe(found!.Value);
    }
    // Apotheek Centrum supplies Het Anker only, which has no critical value.
    expect(await tile('centrum')).toBeUndefined();
    const service = (await trombose.get('/api/dashboard')).json<Tiles>().Tiles;
    expect(service.find((x) => x.Key === 'inrCritical')?.Link).toBe('/zp/trombosisservice/dashboard');
    expect(service.some((x) => x.Key === 'inrChecksDue')).toBe(true);
  });

  it('lets care centre staff and the supplying pharmacy read, never write', async () => {
    for (const username of ['verpleegkundige', 'apotheker']) {
      const reader = await apiAs(t.app, username);
      expect((await reader.get(`/api/trombosis/patient/${patientId}/inrvalues`)).statusCode, username).toBe(
        200,
      );
      const schemes = await reader.get(`/api/trombosis/patient/${patientId}/dosageschemes`);
      expect(schemes.json<DosageSchemeList>().CanWrite, username).toBe(false);
    }
    const nurse = await apiAs(t.app, 'verpleegkundige');
    const write = await nurse.post(`/api/trombosis/patient/${patientId}/inrvalues`, {
      Value: 2.5,
      MeasuredAt: new Date().toISOString(),
      Method: 'venous',
    });
    expect(write.statusCode).toBe(403);
    // De Berk's Beheerder holds every permission, but De Berk is no trombosis service: 404 and refused.
    const beheerder = await apiAs(t.app, 'beheerder');
    const refusedBefore = (await auditRows(t, { objectType: 'inr_value', outcome: 'refused' })).length;
    const res = await beheerder.post(`/api/trombosis/patient/${patientId}/inrvalues`, {
      Value: 2.5,
      MeasuredAt: new Date().toISOString(),
      Method: 'venous',
    });
    expect(res.statusCode).toBe(404);
    expect(await auditRows(t, { objectType: 'inr_value', outcome: 'refused' })).toHaveLength(
      refusedBefore + 1,
    );
  });

  it('refuses every other organisation with 404 and a refused entry', async () => {
    // The GP practice is the patient's prescriber: it reads (see above); another GP's client it does not.
    for (const username of ['anker', 'centrum']) {
      const other = await apiAs(t.app, username);
      const before = (await auditRows(t, { objectType: 'inr_values', outcome: 'refused' })).length;
      const res = await other.get(`/api/trombosis/patient/${patientId}/inrvalues`);
      expect(res.statusCode, username).toBe(404);
      expect(await auditRows(t, { objectType: 'inr_values', outcome: 'refused' }), username).toHaveLength(
        before + 1,
      );
      expect(
        (await other.get(`/api/trombosis/patient/${patientId}/dosageschemes`)).statusCode,
        username,
      ).toBe(404);
      const list = (await other.get('/api/trombosis/patients')).json<TrombosisPatientList>();
      expect(
        list.Rows.some((p) => p.Id === patientId),
        username,
      ).toBe(false);
    }
  });

  it("puts the scheme's dose of the day on the Toedienlijst as a risk item that needs a double check", async () => {
    const [agreement] = await t.db
      .select({ patientId: s.medicationAgreements.patientId, departmentId: s.patients.departmentId })
      .from(s.medicationAgreements)
      .innerJoin(s.medications, eq(s.medications.id, s.medicationAgreements.medicationId))
      .innerJoin(s.patients, eq(s.patients.id, s.medicationAgreements.patientId))
      .where(and(eq(s.medications.name, 'ACENOCOUMAROL TABLET 1MG'), eq(s.patients.entityId, deBerk)))
      .limit(1);
    const { patientId: coumarinPatient, departmentId } = agreement!;
    // A scheme from today with an unusual dose on every day, so the list can only have it from the scheme.
    const created = await trombose.post(`/api/trombosis/patient/${coumarinPatient}/dosageschemes`, {
      Drug: 'acenocoumarol',
      ValidFrom: today(),
      TabletsPerDay: [3.5, 3.5, 3.5, 3.5, 3.5, 3.5, 3.5],
      NextCheck: addDays(today(), 7),
    });
    expect(created.statusCode).toBe(201);
    const nurse = await apiAs(t.app, 'verpleegkundige');
    const list = await nurse.get(`/api/administration/list?departmentId=${departmentId}&date=${today()}`);
    expect(list.statusCode).toBe(200);
    const moments = list
      .json<{
        Moments: {
          PatientId: number;
          MedicationName: string;
          Dose: number;
          DoubleCheckRequired: boolean;
          Time: string;
        }[];
      }>()
      .Moments.filter(
        (m) => m.PatientId === coumarinPatient && m.MedicationName === 'ACENOCOUMAROL TABLET 1MG',
      );
    expect(moments.length).toBeGreaterThan(0);
    expect(moments.every((m) => m.Dose === 3.5 && m.DoubleCheckRequired)).toBe(true);
  });

  it('loses a care centre the moment its anticoagulation link ends', async () => {
    expect((await trombose.get(`/api/trombosis/patient/${ankerPatientId}/inrvalues`)).statusCode).toBe(200);
    const trombosedienst = await entityIdOf(t, 'Trombosedienst Midden');
    await t.db
      .update(s.networkLinks)
      .set({ active: false })
      .where(and(eq(s.networkLinks.fromEntityId, trombosedienst), eq(s.networkLinks.toEntityId, hetAnker)));
    // Changed by hand: published as the API does (scopes are kept in the caller cache).
    await t.app.callerCache.forgetNetwork(trombosedienst);
    expect((await trombose.get(`/api/trombosis/patient/${ankerPatientId}/inrvalues`)).statusCode).toBe(404);
    const refusedBefore = (await auditRows(t, { objectType: 'coumarin_agreements', outcome: 'refused' }))
      .length;
    expect(
      (await trombose.get(`/api/trombosis/patient/${ankerPatientId}/coumarinagreements`)).statusCode,
    ).toBe(404);
    expect(await auditRows(t, { objectType: 'coumarin_agreements', outcome: 'refused' })).toHaveLength(
      refusedBefore + 1,
    );
    const write = await trombose.post(`/api/trombosis/patient/${ankerPatientId}/inrvalues`, {
      Value: 2.5,
      MeasuredAt: new Date().toISOString(),
      Method: 'venous',
    });
    expect(write.statusCode).toBe(404);
    expect((await trombose.get(`/api/patient/${ankerPatientId}`)).statusCode).toBe(404);
    const patients = (await trombose.get('/api/patients')).json<PatientList>();
    expect(patients.Rows.every((p) => p.EntityId === deBerk)).toBe(true);
  });
});
