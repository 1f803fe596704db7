import type { Bundle, OperationOutcome, Organization, Patient } from '@medplum/fhirtypes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../../schema.ts';
import { type Api, apiAs } from '../../../../test/helpers/api.ts';
import { entityIdOf } from '../../../../test/helpers/entities.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';
import { allPages, FHIR, resourcesOf } from './helpers.ts';

const AGB = 'http://fhir.nl/fhir/NamingSystem/agb-z';
const TYPE = 'https://zorgportaal.nl/fhir/CodeSystem/organisation-type';

describe('FHIR Organization: own and linked organisations only', () => {
  let t: TestApp;
  let nurse: Api;
  let pharmacist: Api;
  let trombose: Api;
  let deBerk: number;
  let deLinde: number;
  let hetAnker: number;
  let trombosedienst: number;

  beforeAll(async () => {
    t = await buildTestApp();
    nurse = await apiAs(t.app, 'verpleegkundige');
    pharmacist = await apiAs(t.app, 'apotheker');
    trombose = await apiAs(t.app, 'trombose');
    deBerk = await entityIdOf(t, 'Zorgcentrum De Berk');
    deLinde = await entityIdOf(t, 'Apotheek De Linde');
    hetAnker = await entityIdOf(t, 'Zorgcentrum Het Anker');
    trombosedienst = await entityIdOf(t, 'Trombosedienst Midden');
  });
  afterAll(() => t.close());

  const ids = (bundle: Bundle) => resourcesOf([bundle]).map((r) => Number(r.id));

  it('reads its own organisation as nl-core-HealthcareProvider-Organization with AGB and type', async () => {
    const res = await pharmacist.get(`${FHIR}/Organization/${deLinde}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/fhir+json; charset=utf-8');
    expect(res.json<Organization>()).toEqual({
      resourceType: 'Organization',
      id: String(deLinde),
      meta: {
        profile: ['http://nictiz.nl/fhir/StructureDefinition/nl-core-HealthcareProvider-Organization'],
      },
      identifier: [{ system: AGB, value: '06012345' }],
      active: true,
      type: [{ coding: [{ system: TYPE, code: 'pharmacy', display: 'Apotheek' }] }],
      name: 'Apotheek De Linde',
    });
  });

  it('reads a linked partner, with its contact settings as telecom', async () => {
    const centre = await pharmacist.get(`${FHIR}/Organization/${deBerk}`);
    expect(centre.statusCode).toBe(200);
    expect(centre.json<Organization>().type![0]!.coding![0]!.code).toBe('carecenter');
    // The care centre sees the trombosis service that serves it (the link's other side).
    const service = (await nurse.get(`${FHIR}/Organization/${trombosedienst}`)).json<Organization>();
    expect(service.type![0]!.coding![0]!.code).toBe('trombosis-service');
    expect(service.telecom).toEqual([
      { system: 'phone', value: '030-2345678', use: 'work' },
      { system: 'email', value: 'dosering@trombosedienst-midden.example.nl', use: 'work' },
    ]);
    const gp = await entityIdOf(t, 'Huisartsenpraktijk Linde');
    const practice = (await nurse.get(`${FHIR}/Organization/${gp}`)).json<Organization>();
    expect(practice.type![0]!.coding![0]!.code).toBe('gp-practice');
  });

  it('another, unlinked organisation is 404 and absent from a search; so is an ended link', async () => {
    const res = await pharmacist.get(`${FHIR}/Organization/${hetAnker}`);
    expect(res.statusCode).toBe(404);
    expect(res.json<OperationOutcome>().issue[0]!.code).toBe('not-found');
    const all = (await pharmacist.get(`${FHIR}/Organization`)).json<Bundle>();
    expect(ids(all).sort((a, b) => a - b)).toEqual([deLinde, deBerk].sort((a, b) => a - b));
    expect(all.total).toBe(2);
    const found = (await pharmacist.get(`${FHIR}/Organization?_id=${hetAnker}`)).json<Bundle>();
    expect(found.entry).toBeUndefined();

    // The trombosis service no longer serving Het Anker: Het Anker is out of its sight.
    expect((await trombose.get(`${FHIR}/Organization/${hetAnker}`)).statusCode).toBe(200);
    await t.db
      .update(s.networkLinks)
      .set({ active: false })
      .where(and(eq(s.networkLinks.fromEntityId, trombosedienst), eq(s.networkLinks.toEntityId, hetAnker)));
    // Changed by hand: published as the API does (scopes are kept in the caller cache).
    await t.app.callerCache.forgetNetwork(trombosedienst);
    try {
      expect((await trombose.get(`${FHIR}/Organization/${hetAnker}`)).statusCode).toBe(404);
    } finally {
      await t.db
        .update(s.networkLinks)
        .set({ active: true })
        .where(and(eq(s.networkLinks.fromEntityId, trombosedienst), eq(s.networkLinks.toEntityId, hetAnker)));
      await t.app.callerCache.forgetNetwork(trombosedienst);
    }
  });

  it('searches by AGB identifier (system|value and bare), name prefix and type', async () => {
    for (const q of [`identifier=${encodeURIComponent(`${AGB}|23012345`)}`, 'identifier=23012345']) {
      const bundle = (await pharmacist.get(`${FHIR}/Organization?${q}`)).json<Bundle>();
      expect(ids(bundle), q).toEqual([deBerk]);
    }
    const other = (await pharmacist.get(`${FHIR}/Organization?identifier=urn:other|23012345`)).json<Bundle>();
    expect(other.entry).toBeUndefined();
    // Het Anker's AGB: not linked, so nothing.
    expect(
      (await pharmacist.get(`${FHIR}/Organization?identifier=23012346`)).json<Bundle>().entry,
    ).toBeUndefined();

    expect(ids((await pharmacist.get(`${FHIR}/Organization?name=zorgcentrum`)).json<Bundle>())).toEqual([
      deBerk,
    ]);
    expect(ids((await pharmacist.get(`${FHIR}/Organization?name=APOTHEEK%20de`)).json<Bundle>())).toEqual([
      deLinde,
    ]);
    // Starts-with, not contains.
    expect((await pharmacist.get(`${FHIR}/Organization?name=Berk`)).json<Bundle>().entry).toBeUndefined();
    // A wildcard in the value is literal.
    expect((await pharmacist.get(`${FHIR}/Organization?name=%25`)).json<Bundle>().entry).toBeUndefined();

    const centres = (
      await trombose.get(`${FHIR}/Organization?type=${encodeURIComponent(`${TYPE}|carecenter`)}`)
    ).json<Bundle>();
    expect(ids(centres).sort((a, b) => a - b)).toEqual([deBerk, hetAnker].sort((a, b) => a - b));
  });

  it('pages with _count and the signed cursor', async () => {
    const pages = await allPages(trombose, `${FHIR}/Organization?_count=1`);
    expect(pages.length).toBe(3);
    expect(resourcesOf(pages).map((r) => Number(r.id))).toEqual(
      [trombosedienst, deBerk, hetAnker].sort((a, b) => a - b),
    );
  });

  it('an unknown parameter or modifier is 400', async () => {
    for (const q of ['address=Utrecht', 'name:contains=Berk', '_lastUpdated=2024']) {
      const res = await pharmacist.get(`${FHIR}/Organization?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json<OperationOutcome>().resourceType).toBe('OperationOutcome');
    }
  });

  it("a Patient's managingOrganization references the Organization the caller can read", async () => {
    const [row] = await t.db
      .select({ id: s.patients.id })
      .from(s.patients)
      .where(eq(s.patients.entityId, deBerk))
      .limit(1);
    const patient = (await pharmacist.get(`${FHIR}/Patient/${row!.id}`)).json<Patient>();
    expect(patient.managingOrganization).toMatchObject({
      reference: `Organization/${deBerk}`,
      identifier: { system: AGB, value: '23012345' },
    });
    expect((await pharmacist.get(`${FHIR}/${patient.managingOrganization!.reference}`)).statusCode).toBe(200);
  });
});
