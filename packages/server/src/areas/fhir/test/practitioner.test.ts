import type {
  Bundle,
  MedicationAdministration,
  MedicationRequest,
  Practitioner,
  PractitionerRole,
} from '@medplum/fhirtypes';
import { type SystemClientCreated } from '@zorgportaal/contract';
import { eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityScope } from '../../../platform/scope.ts';
import * as s from '../../../schema.ts';
import { type Api, apiAs } from '../../../../test/helpers/api.ts';
import { auditRows } from '../../../../test/helpers/audit.ts';
import { entityIdOf } from '../../../../test/helpers/entities.ts';
import { postToken } from '../../../../test/helpers/login.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';
import { allPages, FHIR, resourcesOf } from './helpers.ts';

/**
 * Practitioner / PractitionerRole: the accounts that recorded agreements and registrations. A caller sees
 * its own organisation's accounts and the authors of what it may read, nothing else; reads are audited.
 */
describe('FHIR Practitioner and PractitionerRole', () => {
  let t: TestApp;
  let pharmacist: Api;
  let deLinde: number;
  /** The accounts Apotheek De Linde may see, computed from the rows. */
  let expected: number[];
  /** An account that authored only for clients outside De Linde's scope. */
  let foreign: number;
  /** One of De Linde's own accounts. */
  let ownId: number;

  beforeAll(async () => {
    t = await buildTestApp();
    pharmacist = await apiAs(t.app, 'apotheker');
    deLinde = await entityIdOf(t, 'Apotheek De Linde');
    const scope = await entityScope(t.db, deLinde);
    const own = await t.db
      .select({ id: s.accounts.id })
      .from(s.accounts)
      .where(eq(s.accounts.entityId, deLinde));
    const agreements = await t.db
      .select({ id: s.medicationAgreements.createdBy })
      .from(s.medicationAgreements)
      .where(inArray(s.medicationAgreements.entityId, scope));
    const registrations = await t.db
      .select({ by: s.administrations.recordedBy, check: s.administrations.doubleCheckBy })
      .from(s.administrations)
      .where(inArray(s.administrations.entityId, scope));
    ownId = own[0]!.id;
    const visible = new Set<number>([
      ...own.map((r) => r.id),
      ...agreements.flatMap((r) => (r.id === null ? [] : [r.id])),
      ...registrations.flatMap((r) => [r.by, ...(r.check === null ? [] : [r.check])]),
    ]);
    expected = [...visible].sort((a, b) => a - b);
    const authors = await t.db
      .select({ id: s.administrations.recordedBy })
      .from(s.administrations)
      .where(isNotNull(s.administrations.recordedBy));
    foreign = authors.map((r) => r.id).find((id) => !visible.has(id))!;
    expect(foreign).toBeDefined();
  });
  afterAll(() => t.close());

  it('searches exactly its own accounts and the authors of what it may read', async () => {
    const pages = await allPages(pharmacist, `${FHIR}/Practitioner?_count=5`);
    const ids = resourcesOf(pages).map((r) => Number(r.id));
    expect(ids).toEqual(expected);
    const roles = resourcesOf(await allPages(pharmacist, `${FHIR}/PractitionerRole?_count=50`));
    expect(roles.map((r) => Number(r.id))).toEqual(expected);
    const searches = await auditRows(t, { objectType: 'fhir_search', username: 'apotheker' });
    expect(JSON.stringify(searches.map((e) => e.detail))).toContain('Practitioner');
  });

  it('the authors are referenced from the agreements and registrations, and those references resolve', async () => {
    const administrations = resourcesOf(
      await allPages(pharmacist, `${FHIR}/MedicationAdministration?_count=20`, 1),
    ) as MedicationAdministration[];
    const actor = administrations[0]!.performer![0]!.actor;
    expect(actor.reference).toMatch(/^Practitioner\/\d+$/);
    expect(actor.display).toBeTruthy();
    const read = await pharmacist.get(`${FHIR}/${actor.reference}`);
    expect(read.statusCode).toBe(200);
    const practitioner = read.json<Practitioner>();
    expect(practitioner.name?.[0]?.text).toBe(actor.display);
    expect(practitioner.meta?.profile).toEqual([
      'http://nictiz.nl/fhir/StructureDefinition/nl-core-HealthProfessional-Practitioner',
    ]);
    const [logged] = await auditRows(t, {
      objectType: 'account',
      objectId: practitioner.id!,
      action: 'R',
      outcome: 'success',
    });
    expect(logged).toMatchObject({ username: 'apotheker', patientId: null });
    const requests = resourcesOf(
      await allPages(pharmacist, `${FHIR}/MedicationRequest?_count=200`, 1),
    ) as MedicationRequest[];
    const recorded = requests.find((r) => r.recorder);
    expect(recorded?.recorder?.reference).toMatch(/^Practitioner\/\d+$/);
    expect((await pharmacist.get(`${FHIR}/${recorded!.recorder!.reference}`)).statusCode).toBe(200);
  });

  it('PractitionerRole: the practitioner in its organisation with its roles; search by practitioner and organization', async () => {
    const own = ownId;
    const role = (await pharmacist.get(`${FHIR}/PractitionerRole/${own}`)).json<PractitionerRole>();
    expect(role.practitioner?.reference).toBe(`Practitioner/${own}`);
    expect(role.organization?.reference).toMatch(/^Organization\/\d+$/);
    const byPractitioner = (
      await pharmacist.get(`${FHIR}/PractitionerRole?practitioner=Practitioner/${own}`)
    ).json<Bundle>();
    expect(resourcesOf([byPractitioner]).map((r) => r.id)).toEqual([String(own)]);
    const byOrganisation = resourcesOf(
      await allPages(pharmacist, `${FHIR}/PractitionerRole?organization=Organization/${deLinde}&_count=50`),
    ) as PractitionerRole[];
    expect(byOrganisation.length).toBeGreaterThan(0);
    for (const r of byOrganisation) expect(r.organization?.reference).toBe(`Organization/${deLinde}`);
    expect((await pharmacist.get(`${FHIR}/PractitionerRole?practitioner=Patient/1`)).statusCode).toBe(400);
  });

  it('another organisation’s account that authored nothing it may read is 404 with a refused entry', async () => {
    expect((await pharmacist.get(`${FHIR}/Practitioner/${foreign}`)).statusCode).toBe(404);
    expect((await pharmacist.get(`${FHIR}/PractitionerRole/${foreign}`)).statusCode).toBe(404);
    expect(
      await auditRows(t, {
        objectType: 'account',
        objectId: foreign,
        outcome: 'refused',
        username: 'apotheker',
      }),
    ).toHaveLength(2);
    const search = await pharmacist.get(`${FHIR}/Practitioner?_id=${foreign}`);
    expect(resourcesOf([search.json<Bundle>()])).toEqual([]);
  });

  it('a system client with only system/Practitioner.rs sees only its own organisation’s accounts', async () => {
    const client = (
      await pharmacist.post('/api/management/settings/systemclients', {
        Name: 'Alleen zorgverleners',
        Scopes: ['system/Practitioner.rs'],
      })
    ).json<SystemClientCreated>();
    const token = (
      await postToken(t.app, {
        grant_type: 'client_credentials',
        client_id: client.ClientId,
        client_secret: client.ClientSecret!,
      })
    ).json<{ access_token: string }>().access_token;
    const res = await t.app.inject({
      method: 'GET',
      url: `${FHIR}/Practitioner?_count=200`,
      headers: { authorization: `Bearer ${token}` },
    });
    const own = await t.db
      .select({ id: s.accounts.id })
      .from(s.accounts)
      .where(eq(s.accounts.entityId, deLinde));
    expect(resourcesOf([res.json<Bundle>()]).map((r) => Number(r.id))).toEqual(
      own.map((r) => r.id).sort((a, b) => a - b),
    );
  });
});
