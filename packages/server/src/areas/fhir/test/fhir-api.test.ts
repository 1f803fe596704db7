import type {
  Bundle,
  CapabilityStatement,
  MedicationAdministration,
  MedicationRequest,
  Observation,
  OperationOutcome,
  Patient,
} from '@medplum/fhirtypes';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../../schema.ts';
import { type Api, apiAs } from '../../../../test/helpers/api.ts';
import { auditRows } from '../../../../test/helpers/audit.ts';
import { entityIdOf } from '../../../../test/helpers/entities.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';
import { allPages, FHIR, resourcesOf } from './helpers.ts';

const BSN = 'http://fhir.nl/fhir/NamingSystem/bsn';

describe('FHIR R4 endpoint: metadata, read, search, paging, errors, audit', () => {
  let t: TestApp;
  let nurse: Api;
  let pharmacist: Api;
  /** A De Berk client with registrations and INR values, and its BSN. */
  let patientId: number;
  let bsn: string;

  beforeAll(async () => {
    t = await buildTestApp();
    nurse = await apiAs(t.app, 'verpleegkundige');
    pharmacist = await apiAs(t.app, 'apotheker');
    const deBerk = await entityIdOf(t, 'Zorgcentrum De Berk');
    const [row] = await t.db
      .select({ id: s.patients.id, bsn: s.patients.bsn })
      .from(s.inrValues)
      .innerJoin(s.patients, eq(s.patients.id, s.inrValues.patientId))
      .where(eq(s.patients.entityId, deBerk))
      .limit(1);
    patientId = row!.id;
    bsn = row!.bsn!;
  });
  afterAll(() => t.close());

  const outcome = (res: { json: <T>() => T }) => res.json<OperationOutcome>().issue[0]!;

  it('serves the CapabilityStatement without a token, listing exactly the served types and parameters', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${FHIR}/metadata` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/fhir+json; charset=utf-8');
    const cs = res.json<CapabilityStatement>();
    expect(cs.fhirVersion).toBe('4.0.1');
    const resources = cs.rest![0]!.resource!;
    expect(resources.map((r) => r.type)).toEqual([
      'Patient',
      'Medication',
      'MedicationRequest',
      'MedicationDispense',
      'MedicationAdministration',
      'Observation',
      'Organization',
      'Practitioner',
      'PractitionerRole',
    ]);
    for (const r of resources) expect(r.interaction!.map((i) => i.code)).toEqual(['read', 'search-type']);
    const ma = resources.find((r) => r.type === 'MedicationAdministration')!;
    expect(ma.searchParam!.map((p) => p.name)).toEqual([
      '_id',
      'patient',
      'patient.identifier',
      'status',
      'effective-time',
      '_lastUpdated',
    ]);
    expect(ma.searchInclude).toEqual(['MedicationAdministration:medication']);
    // The JSON API's OpenAPI document does not describe it (the CapabilityStatement does).
    const openapi = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(Object.keys(openapi.json<{ paths: object }>().paths).some((p) => p.startsWith('/fhir'))).toBe(
      false,
    );
  });

  it('reads a client as nl-core-Patient with its BSN and name parts, and logs the read', async () => {
    const res = await nurse.get(`${FHIR}/Patient/${patientId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/fhir+json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const patient = res.json<Patient>();
    expect(patient.meta!.profile).toEqual(['http://nictiz.nl/fhir/StructureDefinition/nl-core-Patient']);
    expect(patient.identifier).toEqual([{ system: BSN, value: bsn }]);
    const [person] = await t.db
      .select()
      .from(s.persons)
      .innerJoin(s.patients, eq(s.patients.personId, s.persons.id))
      .where(eq(s.patients.id, patientId));
    const name = patient.name![0]! as Patient['name'] extends (infer N)[] | undefined
      ? N & { _family?: { extension?: { url: string; valueString?: string }[] } }
      : never;
    expect(name.given).toEqual(person!.persons.firstNames.split(' '));
    expect(name._family!.extension).toContainEqual({
      url: 'http://hl7.org/fhir/StructureDefinition/humanname-own-name',
      valueString: person!.persons.lastName,
    });
    const entries = await auditRows(t, { objectType: 'patient', objectId: patientId, outcome: 'success' });
    expect(entries.at(-1)).toMatchObject({ action: 'R', patientId, username: 'verpleegkundige' });
  });

  it('gives the voorvoegsel as own-prefix and keeps it in family', async () => {
    const [row] = await t.db
      .select({ id: s.patients.id, prefix: s.persons.lastNamePrefix, last: s.persons.lastName })
      .from(s.patients)
      .innerJoin(s.persons, eq(s.persons.id, s.patients.personId))
      .where(
        and(isNotNull(s.persons.lastNamePrefix), eq(s.patients.entityId, await entityIdOf(t, 'De Berk'))),
      )
      .limit(1);
    expect(row).toBeDefined();
    if (!row) return;
    const patient = (await nurse.get(`${FHIR}/Patient/${row.id}`)).json<Patient>();
    const name = patient.name![0]! as { family?: string; _family?: { extension?: unknown[] } };
    expect(name.family).toBe(`${row.prefix} ${row.last}`);
    expect(name._family!.extension).toContainEqual({
      url: 'http://hl7.org/fhir/StructureDefinition/humanname-own-prefix',
      valueString: row.prefix,
    });
  });

  it('finds a client by BSN (identifier, system|value and bare) and logs the search naming the client', async () => {
    for (const query of [`identifier=${encodeURIComponent(`${BSN}|${bsn}`)}`, `identifier=${bsn}`]) {
      const bundle = (await nurse.get(`${FHIR}/Patient?${query}`)).json<Bundle>();
      expect(bundle.type).toBe('searchset');
      expect(bundle.total).toBe(1);
      expect(resourcesOf([bundle]).map((r) => r.id)).toEqual([String(patientId)]);
    }
    const other = (
      await nurse.get(`${FHIR}/Patient?identifier=${encodeURIComponent(`urn:other|${bsn}`)}`)
    ).json<Bundle>();
    expect(other.entry).toBeUndefined();
    const [entry] = await t.db
      .select()
      .from(s.auditLog)
      .where(eq(s.auditLog.objectType, 'fhir_search'))
      .orderBy(desc(s.auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({ action: 'R', outcome: 'success', username: 'verpleegkundige' });
  });

  it('searches agreements by patient and by BSN alike, includes their Medication and filters on status', async () => {
    const byPatient = await allPages(
      nurse,
      `${FHIR}/MedicationRequest?patient=Patient/${patientId}&_include=MedicationRequest:medication`,
    );
    const requests = resourcesOf(byPatient) as MedicationRequest[];
    expect(requests.length).toBeGreaterThan(0);
    for (const r of requests) expect(r.subject!.reference).toBe(`Patient/${patientId}`);
    const included = new Set(resourcesOf(byPatient, 'include').map((m) => `Medication/${m.id}`));
    for (const r of requests) expect(included.has(r.medicationReference!.reference!)).toBe(true);
    const byBsn = resourcesOf(
      await allPages(
        nurse,
        `${FHIR}/MedicationRequest?patient.identifier=${encodeURIComponent(`${BSN}|${bsn}`)}`,
      ),
    );
    expect(byBsn.map((r) => r.id).sort()).toEqual(requests.map((r) => r.id).sort());
    const active = resourcesOf(
      await allPages(nurse, `${FHIR}/MedicationRequest?patient=${patientId}&status=active`),
    ) as MedicationRequest[];
    expect(active.length).toBeGreaterThan(0);
    expect(active.every((r) => r.status === 'active')).toBe(true);
    const notActive = resourcesOf(
      await allPages(
        nurse,
        `${FHIR}/MedicationRequest?patient=${patientId}&status=completed,stopped,on-hold,cancelled`,
      ),
    );
    expect(active.length + notActive.length).toBe(requests.length);
    // The dosage comes from the instructions: times of day with their dose.
    const [agreement] = await t.db
      .select()
      .from(s.medicationAgreements)
      .where(eq(s.medicationAgreements.id, Number(active[0]!.id)));
    const dosage = active[0]!.dosageInstruction!;
    const times = dosage.flatMap((d) => d.timing?.repeat?.timeOfDay ?? []).sort();
    expect(times).toEqual(agreement!.instructions.Moments.map((m) => `${m.Time}:00`).sort());
  });

  it('gives every registration, deviations and corrections included, within effective-time ranges', async () => {
    const all = resourcesOf(
      await allPages(pharmacist, `${FHIR}/MedicationAdministration?_count=200`),
    ) as MedicationAdministration[];
    const [corrected] = await t.db
      .select({ id: s.administrations.correctsId, correction: s.administrations.id })
      .from(s.administrations)
      .where(
        and(
          isNotNull(s.administrations.correctsId),
          eq(s.administrations.entityId, await entityIdOf(t, 'Zorgcentrum De Berk')),
        ),
      )
      .limit(1);
    expect(corrected).toBeDefined();
    const old = all.find((r) => r.id === String(corrected!.id))!;
    const correction = all.find((r) => r.id === String(corrected!.correction))!;
    expect(old.status).toBe('entered-in-error');
    expect(correction.extension).toContainEqual({
      url: 'https://zorgportaal.nl/fhir/StructureDefinition/ext-Corrects',
      valueReference: { reference: `MedicationAdministration/${corrected!.id}` },
    });
    const checked = all.filter((r) => r.performer?.some((p) => p.function?.coding?.[0]?.code === 'verifier'));
    expect(checked.length).toBeGreaterThan(0);
    const notDone = all.filter((r) => r.status === 'not-done');
    expect(notDone.length).toBeGreaterThan(0);
    expect(notDone.every((r) => r.statusReason?.[0]?.coding?.[0]?.code)).toBe(true);

    const times = all.map((r) => r.effectiveDateTime!).sort();
    const middle = times[Math.floor(times.length / 2)]!;
    const from = resourcesOf(
      await allPages(
        pharmacist,
        `${FHIR}/MedicationAdministration?_count=200&effective-time=ge${encodeURIComponent(middle)}`,
      ),
    ) as MedicationAdministration[];
    const before = resourcesOf(
      await allPages(
        pharmacist,
        `${FHIR}/MedicationAdministration?_count=200&effective-time=lt${encodeURIComponent(middle)}`,
      ),
    ) as MedicationAdministration[];
    expect(from.every((r) => r.effectiveDateTime! >= middle)).toBe(true);
    expect(before.every((r) => r.effectiveDateTime! < middle)).toBe(true);
    expect(from.length + before.length).toBe(all.length);
  });

  it('maps INR values with LOINC, the target range as referenceRange and H/N/L interpretation; filters on date', async () => {
    const values = resourcesOf(
      await allPages(nurse, `${FHIR}/Observation?patient=Patient/${patientId}`),
    ) as Observation[];
    const rows = await t.db.select().from(s.inrValues).where(eq(s.inrValues.patientId, patientId));
    expect(values.length).toBe(rows.length);
    const code = { below: 'L', in: 'N', above: 'H' } as Record<string, string>;
    for (const row of rows) {
      const o = values.find((v) => v.id === String(row.id))!;
      expect(['34714-6', '6301-6']).toContain(o.code!.coding![0]!.code);
      expect(o.valueQuantity!.value).toBe(row.valueTenths / 10);
      expect(o.referenceRange![0]!.low!.value).toBe(row.lowTenths / 10);
      expect(o.referenceRange![0]!.high!.value).toBe(row.highTenths / 10);
      const interpretation = o.interpretation![0]!.coding![0]!.code;
      expect(interpretation).toBe(
        code[row.interpretation] ?? (row.valueTenths < row.lowTenths ? 'LL' : 'HH'),
      );
    }
    const day = values[0]!.effectiveDateTime!.slice(0, 10);
    const sameDay = resourcesOf(
      await allPages(nurse, `${FHIR}/Observation?patient=${patientId}&date=ge${day}&date=le${day}`),
    ) as Observation[];
    expect(sameDay.length).toBeGreaterThan(0);
    expect(sameDay.length).toBeLessThan(values.length);
    const lab = (
      await nurse.get(`${FHIR}/Observation?patient=${patientId}&category=laboratory&_summary=count`)
    ).json<Bundle>();
    expect(lab.total).toBe(values.length);
  });

  it('pages by signed next links without gaps or repeats; _summary=count agrees; _count is capped at 200', async () => {
    const pages = await allPages(pharmacist, `${FHIR}/MedicationAdministration?_count=37`);
    expect(pages.length).toBeGreaterThan(2);
    const ids = resourcesOf(pages).map((r) => Number(r.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    const total = (await pharmacist.get(`${FHIR}/MedicationAdministration?_summary=count`)).json<Bundle>()
      .total;
    expect(ids.length).toBe(total);
    expect((await pharmacist.get(`${FHIR}/MedicationAdministration?_count=0`)).json<Bundle>()).toMatchObject({
      total,
    });
    const big = (await pharmacist.get(`${FHIR}/MedicationAdministration?_count=5000`)).json<Bundle>();
    expect(big.entry!.length).toBe(200);

    const next = new URL(pages[0]!.link!.find((l) => l.relation === 'next')!.url!);
    const cursor = next.searchParams.get('_cursor')!;
    const tampered = cursor.replace(/^./, (c) => (c === 'e' ? 'f' : 'e'));
    for (const url of [
      `${FHIR}/MedicationAdministration?_count=37&_cursor=${encodeURIComponent(tampered)}`,
      // The same cursor on another search.
      `${FHIR}/MedicationAdministration?_count=37&status=completed&_cursor=${encodeURIComponent(cursor)}`,
      `${FHIR}/MedicationRequest?_count=37&_cursor=${encodeURIComponent(cursor)}`,
    ]) {
      const res = await pharmacist.get(url);
      expect(res.statusCode, url).toBe(400);
      expect(outcome(res)).toMatchObject({ code: 'invalid', expression: ['_cursor'] });
    }
  });

  it('refuses unknown parameters, modifiers, prefixes and values with a 400 OperationOutcome', async () => {
    for (const [url, param] of [
      [`${FHIR}/Patient?name=Jansen`, 'name'],
      [`${FHIR}/Patient?_sort=_id`, '_sort'],
      [`${FHIR}/MedicationRequest?status:not=active`, 'status:not'],
      [`${FHIR}/MedicationRequest?_lastUpdated=ge2024-01-01`, '_lastUpdated'],
      [`${FHIR}/Observation?date=2024-02-31`, 'date'],
      [`${FHIR}/Observation?date=ap2024-02-01`, 'date'],
      [`${FHIR}/Observation?date=2024-02-01T10:00`, 'date'],
      [`${FHIR}/MedicationAdministration?_include=MedicationRequest:medication`, '_include'],
      [`${FHIR}/Patient?_summary=true`, '_summary'],
      [`${FHIR}/Patient?_count=ten`, '_count'],
      [`${FHIR}/MedicationRequest?patient=Practitioner/1`, 'patient'],
      [`${FHIR}/Patient/${patientId}?_elements=id`, '_elements'],
      [`${FHIR}/Patient?_format=xml`, '_format'],
    ] as const) {
      const res = await nurse.get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type'], url).toBe('application/fhir+json; charset=utf-8');
      const issue = outcome(res);
      expect(issue.severity, url).toBe('error');
      expect(issue.expression, url).toEqual([param]);
    }
  });

  it('answers 401, 403, 404 and 405 as OperationOutcomes', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: `${FHIR}/Patient` });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['www-authenticate']).toBe('Bearer');
    expect(anonymous.headers['content-type']).toBe('application/fhir+json; charset=utf-8');
    expect(outcome(anonymous).code).toBe('login');
    // The trombosis service reads INR values and clients, not the medication overview (as on the JSON API).
    const trombose = await apiAs(t.app, 'trombose');
    expect((await trombose.get(`${FHIR}/Observation?patient=${patientId}`)).statusCode).toBe(200);
    const forbidden = await trombose.get(`${FHIR}/MedicationRequest?patient=${patientId}`);
    expect(forbidden.statusCode).toBe(403);
    expect(outcome(forbidden).code).toBe('forbidden');
    for (const url of [
      `${FHIR}/Patient/999999`,
      `${FHIR}/Patient/abc`,
      `${FHIR}/Practitioner/1`,
      `${FHIR}/Patient/1/_history`,
    ]) {
      const res = await nurse.get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json<OperationOutcome>().resourceType, url).toBe('OperationOutcome');
    }
    const post = await nurse.post(`${FHIR}/Patient`, { resourceType: 'Patient' });
    expect([405, 415]).toContain(post.statusCode);
    expect(post.json<OperationOutcome>().resourceType).toBe('OperationOutcome');
    const del = await nurse.delete(`${FHIR}/Patient/${patientId}`);
    expect(del.statusCode).toBe(405);
  });

  it('filters clients on _lastUpdated', async () => {
    const patient = (await nurse.get(`${FHIR}/Patient/${patientId}`)).json<Patient>();
    const at = patient.meta!.lastUpdated!;
    const after = resourcesOf(
      await allPages(nurse, `${FHIR}/Patient?_lastUpdated=gt${encodeURIComponent(at)}&_id=${patientId}`),
    );
    expect(after).toEqual([]);
    const upTo = resourcesOf(
      await allPages(nurse, `${FHIR}/Patient?_lastUpdated=le${encodeURIComponent(at)}&_id=${patientId}`),
    );
    expect(upTo.map((r) => r.id)).toEqual([String(patientId)]);
  });
});
