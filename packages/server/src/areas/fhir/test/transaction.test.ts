import type { Bundle, CapabilityStatement, MedicationRequest, OperationOutcome } from '@medplum/fhirtypes';
import type { AdministrationList, MedicationList, Patient, SystemClientCreated } from '@zorgportaal/contract';
import { and, count, eq, gte, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../../schema.ts';
import { addDays } from '../../../platform/time.ts';
import { type Api, apiAs } from '../../../../test/helpers/api.ts';
import { auditRows } from '../../../../test/helpers/audit.ts';
import { postToken } from '../../../../test/helpers/login.ts';
import {
  agreementBody,
  departmentIdOf,
  newClient,
  patientBody,
  today,
} from '../../../../test/helpers/medication.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';
import { FHIR, invalidities, loadFhirDefinitions } from './helpers.ts';

const AIS = 'urn:oid:2.16.840.1.113883.2.4.6.3.99999999.1';

/**
 * POST /fhir/R4 with a transaction Bundle of MP9 MedicationAgreements: created, changed and stopped through
 * the medication area's own rules (the Toedienlijst follows), idempotent, all or nothing, in the caller's
 * scope; written by a user with medication.write or a system client with system/MedicationRequest.cu.
 */
describe('FHIR transaction: writing medication agreements', () => {
  let t: TestApp;
  let apotheker: Api;
  let nurse: Api;
  let patient: Patient;
  let eikenhof: number;
  let metoprolol: number;
  let paracetamol: number;
  let agreementId: number;

  const post = (body: unknown, token = apotheker.token) =>
    t.app.inject({
      method: 'POST',
      url: FHIR,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/fhir+json' },
      payload: JSON.stringify(body),
    });
  const transaction = (...resources: MedicationRequest[]): Bundle => ({
    resourceType: 'Bundle',
    type: 'transaction',
    entry: resources.map((resource) => ({
      resource,
      request: { method: 'POST', url: 'MedicationRequest' },
    })),
  });
  const agreementsOfPatient = () =>
    t.db.select().from(s.medicationAgreements).where(eq(s.medicationAgreements.patientId, patient.Id));
  const changeEntries = async () =>
    (await auditRows(t, { objectType: 'medication_agreement' })).filter(
      (r) => r.patientId === patient.Id && r.action !== 'R',
    );
  /** A new agreement as another system sends it: its own identifier, 09:00 one tablet. */
  const newRequest = (value: string, extra: Partial<MedicationRequest> = {}): MedicationRequest => ({
    resourceType: 'MedicationRequest',
    identifier: [{ system: AIS, value }],
    status: 'active',
    intent: 'order',
    subject: { reference: `Patient/${patient.Id}` },
    medicationReference: { reference: `Medication/${paracetamol}` },
    authoredOn: '2025-01-01T10:00:00+01:00',
    requester: { display: 'dr. Extern' },
    dosageInstruction: [
      {
        timing: { repeat: { boundsPeriod: { start: '2025-01-01' }, timeOfDay: ['09:00:00'] } },
        doseAndRate: [{ doseQuantity: { value: 1, unit: 'tablet' } }],
      },
    ],
    ...extra,
  });
  const tomorrowsMoments = async () =>
    (await nurse.get(`/api/administration/list?departmentId=${eikenhof}&date=${addDays(today(), 1)}`))
      .json<AdministrationList>()
      .Moments.filter((m) => m.PatientId === patient.Id);

  beforeAll(async () => {
    t = await buildTestApp();
    apotheker = await apiAs(t.app, 'apotheker');
    nurse = await apiAs(t.app, 'verpleegkundige');
    const beheerder = await apiAs(t.app, 'beheerder');
    eikenhof = await departmentIdOf(t, 'Afdeling Eikenhof');
    const personId = await newClient(t, 'Zorgcentrum De Berk', 'Fhirschrijf');
    patient = (
      await beheerder.post(`/api/patient/link/person/${personId}`, patientBody(eikenhof, '111222400'))
    ).json();
    const find = async (q: string) =>
      (await apotheker.get(`/api/medication/catalogue?q=${q}`)).json<MedicationList>().Rows[0]!.Id;
    metoprolol = await find('metoprolol');
    paracetamol = await find('paracetamol');
    const created = await apotheker.post(
      '/api/medication/agreement',
      agreementBody(patient.Id, metoprolol, { DistributionForm: 'loose' }),
    );
    expect(created.statusCode).toBe(201);
    agreementId = created.json<{ Id: number }>().Id;
    loadFhirDefinitions();
  });
  afterAll(() => t.close());

  it('the CapabilityStatement lists the transaction', async () => {
    const cs = (await t.app.inject({ method: 'GET', url: `${FHIR}/metadata` })).json<CapabilityStatement>();
    expect(cs.rest![0]!.interaction!.map((i) => i.code)).toEqual(['transaction']);
  });

  it('round trip: a searched agreement with one dose changed is changed, the Toedienlijst shows it; the same Bundle again changes nothing', async () => {
    const search = (await apotheker.get(`${FHIR}/MedicationRequest?patient=${patient.Id}`)).json<
      Bundle<MedicationRequest>
    >();
    const request = search.entry![0]!.resource!;
    expect(request.id).toBe(String(agreementId));
    // 08:00 and 20:00 one tablet → the 20:00 dose becomes two tablets.
    const dosage = request.dosageInstruction![0]!;
    expect(dosage.timing!.repeat!.timeOfDay).toEqual(['08:00:00', '20:00:00']);
    request.dosageInstruction = [
      { ...dosage, timing: { repeat: { ...dosage.timing!.repeat, timeOfDay: ['08:00:00'] } } },
      {
        ...dosage,
        timing: { repeat: { ...dosage.timing!.repeat, timeOfDay: ['20:00:00'] } },
        doseAndRate: [{ doseQuantity: { value: 2, unit: 'tablet' } }],
      },
    ];
    const auditBefore = (await changeEntries()).length;
    const res = await post(transaction(request));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/fhir+json; charset=utf-8');
    const answer = res.json<Bundle>();
    expect(invalidities(answer)).toEqual([]);
    expect(answer.type).toBe('transaction-response');
    const response = answer.entry![0]!.response!;
    expect(response.status).toBe('201 Created');
    const successorId = Number(response.location!.replace('MedicationRequest/', ''));
    const rows = await agreementsOfPatient();
    const old = rows.find((r) => r.id === agreementId)!;
    const successor = rows.find((r) => r.id === successorId)!;
    expect(successor.replacesId).toBe(agreementId);
    expect(old.endAt).toEqual(successor.startAt);
    expect(successor.instructions.Moments).toEqual([
      { Time: '08:00', Dose: 1 },
      { Time: '20:00', Dose: 2 },
    ]);
    expect(successor.distributionForm).toBe('loose');
    // The Toedienlijst plans the new dose.
    const moments = await tomorrowsMoments();
    expect(moments.map((m) => [m.AgreementId, m.Time, m.Dose])).toEqual([
      [successorId, '08:00', 1],
      [successorId, '20:00', 2],
    ]);
    // Audited as the JSON API's change: the old one ended, the new one created.
    const entries = (await changeEntries()).slice(auditBefore);
    expect(entries.map((e) => [e.action, e.objectId, e.username])).toEqual([
      ['U', String(agreementId), 'apotheker'],
      ['C', String(successorId), 'apotheker'],
    ]);

    const again = await post(transaction(request));
    expect(again.statusCode).toBe(200);
    expect(again.json<Bundle>().entry![0]!.response).toEqual({
      status: '200 OK',
      location: `MedicationRequest/${successorId}`,
    });
    expect(await agreementsOfPatient()).toHaveLength(rows.length);
    expect((await changeEntries()).length).toBe(auditBefore + 2);
  });

  it('creates an agreement for a new business identifier, finds it by that identifier afterwards, and stops it', async () => {
    const res = await post(transaction(newRequest('AIS-1')));
    expect(res.statusCode, res.body).toBe(200);
    const entry = res.json<Bundle>().entry![0]!.response!;
    expect(entry.status).toBe('201 Created');
    const id = Number(entry.location!.split('/')[1]);
    const read = (await apotheker.get(`${FHIR}/MedicationRequest/${id}`)).json<MedicationRequest>();
    expect(read.identifier).toContainEqual({ system: AIS, value: 'AIS-1' });
    expect(read.requester).toEqual({ display: 'dr. Extern' });
    expect(invalidities(read)).toEqual([]);
    const [row] = await t.db.select().from(s.medicationAgreements).where(eq(s.medicationAgreements.id, id));
    expect(row).toMatchObject({
      identifierSystem: AIS,
      identifierValue: 'AIS-1',
      type: 'continuous',
      distributionForm: 'loose',
      createdBy: apotheker.account.Id,
    });
    expect(row!.instructions.Moments).toEqual([{ Time: '09:00', Dose: 1 }]);

    // The same again: nothing changes.
    const same = await post(transaction(newRequest('AIS-1')));
    expect(same.json<Bundle>().entry![0]!.response!.status).toBe('200 OK');

    // A dose change by the same identifier: a change; the identifier moves to the new version.
    const changed = await post(
      transaction(
        newRequest('AIS-1', {
          dosageInstruction: [
            {
              timing: { repeat: { timeOfDay: ['09:00:00'] } },
              doseAndRate: [{ doseQuantity: { value: 0.5, unit: 'tablet' } }],
            },
          ],
        }),
      ),
    );
    const changedEntry = changed.json<Bundle>().entry![0]!.response!;
    expect(changedEntry.status).toBe('201 Created');
    const successorId = Number(changedEntry.location!.split('/')[1]);
    const [oldRow] = await t.db
      .select()
      .from(s.medicationAgreements)
      .where(eq(s.medicationAgreements.id, id));
    expect(oldRow).toMatchObject({ identifierValue: null, endAt: expect.any(Date) });

    // Stopped by its status.
    const auditBefore = (await changeEntries()).length;
    const stopped = await post(
      transaction(newRequest('AIS-1', { status: 'stopped', statusReason: { text: 'Bijwerkingen' } })),
    );
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json<Bundle>().entry![0]!.response).toEqual({
      status: '200 OK',
      location: `MedicationRequest/${successorId}`,
    });
    const [stoppedRow] = await t.db
      .select()
      .from(s.medicationAgreements)
      .where(eq(s.medicationAgreements.id, successorId));
    expect(stoppedRow).toMatchObject({ stopType: 'stopped', stopReason: 'Bijwerkingen' });
    const stopEntries = (await changeEntries()).slice(auditBefore);
    expect(stopEntries.map((e) => [e.action, e.objectId, e.changedFields])).toEqual([
      ['U', String(successorId), ['End', 'StopType', 'StopReason']],
    ]);
    expect(
      (await tomorrowsMoments()).filter((m) => m.AgreementId === successorId || m.AgreementId === id),
    ).toEqual([]);
    // Stopping again changes nothing.
    await post(transaction(newRequest('AIS-1', { status: 'stopped' })));
    expect((await changeEntries()).length).toBe(auditBefore + 1);
    // …and it does not come back as active.
    const revived = await post(transaction(newRequest('AIS-1')));
    expect(revived.statusCode).toBe(409);
    expect(revived.json<OperationOutcome>().issue[0]!.expression).toEqual([
      'Bundle.entry[0].resource.status',
    ]);
    expect((await changeEntries()).length).toBe(auditBefore + 1);
  });

  it('a gds agreement changed during a running Baxter roll records the interim change, as the JSON API does', async () => {
    const [open] = await t.db
      .select({ agreement: s.medicationAgreements, rollId: s.baxterRolls.id })
      .from(s.baxterRolls)
      .innerJoin(s.medicationAgreements, eq(s.medicationAgreements.patientId, s.baxterRolls.patientId))
      .where(
        and(
          gte(s.baxterRolls.periodEnd, today()),
          eq(s.medicationAgreements.distributionForm, 'gds'),
          isNull(s.medicationAgreements.stopType),
          isNull(s.medicationAgreements.endAt),
        ),
      )
      .limit(1);
    const gds = open!.agreement;
    const read = (await apotheker.get(`${FHIR}/MedicationRequest/${gds.id}`)).json<MedicationRequest>();
    read.reasonCode = [{ text: 'Dosis aangepast via het AIS' }];
    const res = await post(transaction(read));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Bundle>().entry![0]!.response!.status).toBe('201 Created');
    const interim = await t.db
      .select()
      .from(s.baxterInterimChanges)
      .where(eq(s.baxterInterimChanges.agreementId, gds.id));
    expect(interim.map((c) => [c.rollId, c.kind, c.recordedBy])).toContainEqual([
      open!.rollId,
      'changed',
      apotheker.account.Id,
    ]);
  });

  it('a bad entry answers an OperationOutcome naming the entry and element, and nothing of the Bundle is stored', async () => {
    const before = await agreementsOfPatient();
    const auditBefore = (await changeEntries()).length;
    // Found while reading the Bundle.
    const bad = newRequest('AIS-3');
    bad.dosageInstruction![0]!.timing!.repeat!.timeOfDay = ['25:00:00'];
    const res = await post(transaction(newRequest('AIS-2'), newRequest('AIS-2b'), bad));
    expect(res.statusCode).toBe(422);
    const issue = res.json<OperationOutcome>().issue[0]!;
    expect(issue.expression![0]).toBe(
      'Bundle.entry[2].resource.dosageInstruction[0].timing.repeat.timeOfDay[0]',
    );
    expect(invalidities(res.json<OperationOutcome>())).toEqual([]);
    // Found by the medication area's rules inside the transaction, after an entry was already written.
    const unknownProduct = newRequest('AIS-5', { medicationReference: { reference: 'Medication/999999' } });
    const late = await post(transaction(newRequest('AIS-4'), unknownProduct));
    expect(late.statusCode).toBe(422);
    expect(late.json<OperationOutcome>().issue[0]!.expression).toEqual([
      'Bundle.entry[1].resource.medicationReference',
    ]);
    // Unsupported elements are refused, not dropped.
    const extra = await post(
      transaction(newRequest('AIS-6', { medicationCodeableConcept: { text: 'iets' } } as MedicationRequest)),
    );
    expect(extra.statusCode).toBe(422);
    expect(extra.json<OperationOutcome>().issue[0]!.expression).toEqual([
      'Bundle.entry[0].resource.medicationCodeableConcept',
    ]);
    expect(await agreementsOfPatient()).toEqual(before);
    expect((await changeEntries()).length).toBe(auditBefore);
    // Not a transaction.
    const batch = await post({ resourceType: 'Bundle', type: 'batch', entry: [] });
    expect(batch.statusCode).toBe(400);
    expect(batch.json<OperationOutcome>().issue[0]!.expression).toEqual(['Bundle.type']);
  });

  it("refuses another organisation's client (404, logged as refused) and a user without medication.write (403)", async () => {
    const before = await agreementsOfPatient();
    const centrum = await apiAs(t.app, 'centrum');
    const res = await post(transaction(newRequest('AIS-7')), centrum.token);
    expect(res.statusCode).toBe(404);
    expect(res.json<OperationOutcome>().issue[0]).toMatchObject({
      code: 'not-found',
      expression: ['Bundle.entry[0].resource.subject'],
    });
    expect(
      await auditRows(t, {
        objectType: 'patient',
        objectId: patient.Id,
        outcome: 'refused',
        username: 'centrum',
      }),
    ).not.toEqual([]);
    const forbidden = await post(transaction(newRequest('AIS-7')), nurse.token);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json<OperationOutcome>().issue[0]!.code).toBe('forbidden');
    expect(await agreementsOfPatient()).toEqual(before);
  });

  it('a system client writes with system/MedicationRequest.cu (the Logboek names it); with only .rs it gets 403', async () => {
    const tokenOf = async (Name: string, Scopes: string[]) => {
      const client = (
        await apotheker.post('/api/management/settings/systemclients', { Name, Scopes })
      ).json<SystemClientCreated>();
      const issued = await postToken(t.app, {
        grant_type: 'client_credentials',
        client_id: client.ClientId,
        client_secret: client.ClientSecret!,
      });
      expect(issued.statusCode).toBe(200);
      return issued.json<{ access_token: string }>().access_token;
    };
    const reader = await tokenOf('AIS lezen', ['system/MedicationRequest.rs']);
    const refused = await post(transaction(newRequest('AIS-8')), reader);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<OperationOutcome>().issue[0]!.code).toBe('forbidden');

    const writer = await tokenOf('AIS schrijven', [
      'system/MedicationRequest.rs',
      'system/MedicationRequest.cu',
    ]);
    const res = await post(transaction(newRequest('AIS-8')), writer);
    expect(res.statusCode, res.body).toBe(200);
    const id = Number(res.json<Bundle>().entry![0]!.response!.location!.split('/')[1]);
    const [row] = await t.db.select().from(s.medicationAgreements).where(eq(s.medicationAgreements.id, id));
    expect(row!.createdBy).toBeNull();
    const [entry] = await auditRows(t, { objectType: 'medication_agreement', objectId: id, action: 'C' });
    expect(entry).toMatchObject({ username: 'AIS schrijven', role: 'Systeemclient', userId: null });
    expect(entry!.detail).toMatchObject({ SystemClient: 'AIS schrijven' });
    const [{ n }] = (await t.db
      .select({ n: count() })
      .from(s.medicationAgreements)
      .where(eq(s.medicationAgreements.identifierValue, 'AIS-8'))) as [{ n: number }];
    expect(n).toBe(1);
  });
});
