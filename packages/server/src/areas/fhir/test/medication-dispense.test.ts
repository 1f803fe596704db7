import type { Bundle, MedicationDispense, MedicationRequest } from '@medplum/fhirtypes';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityScope } from '../../../platform/scope.ts';
import * as s from '../../../schema.ts';
import { type Api, apiAs } from '../../../../test/helpers/api.ts';
import { auditRows } from '../../../../test/helpers/audit.ts';
import { entityIdOf } from '../../../../test/helpers/entities.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';
import { allPages, FHIR, resourcesOf } from './helpers.ts';

const a = s.medicationAgreements;

/**
 * MedicationDispense as the MP9 AdministrationAgreement: one per gds agreement (the pharmacy's Baxter
 * supply), in the caller's scope, searchable by patient, status and _lastUpdated, in $everything.
 */
describe('FHIR MedicationDispense (toedieningsafspraak)', () => {
  let t: TestApp;
  let pharmacist: Api;
  let gds: (typeof a.$inferSelect)[];
  let foreignGds: number;

  beforeAll(async () => {
    t = await buildTestApp();
    pharmacist = await apiAs(t.app, 'apotheker');
    const scope = await entityScope(t.db, await entityIdOf(t, 'Apotheek De Linde'));
    gds = await t.db
      .select()
      .from(a)
      .where(and(eq(a.distributionForm, 'gds'), inArray(a.entityId, scope)))
      .orderBy(a.id);
    const anker = await entityIdOf(t, 'Zorgcentrum Het Anker');
    foreignGds = (
      await t.db
        .select({ id: a.id })
        .from(a)
        .where(and(eq(a.distributionForm, 'gds'), eq(a.entityId, anker)))
    )[0]!.id;
    expect(gds.length).toBeGreaterThan(2);
  });
  afterAll(() => t.close());

  it('one per gds agreement in scope, paged, based on its MedicationAgreement with the same dosage', async () => {
    const pages = await allPages(pharmacist, `${FHIR}/MedicationDispense?_count=7`);
    expect(pages.length).toBeGreaterThan(1);
    const all = resourcesOf(pages) as MedicationDispense[];
    expect(all.map((r) => Number(r.id))).toEqual(gds.map((r) => r.id));
    const first = all[0]!;
    expect(first.meta?.profile).toEqual([
      'http://nictiz.nl/fhir/StructureDefinition/mp-AdministrationAgreement',
    ]);
    expect(first.authorizingPrescription).toEqual([{ reference: `MedicationRequest/${first.id}` }]);
    expect(first.performer?.[0]?.actor.reference).toMatch(/^Organization\/\d+$/);
    const request = (await pharmacist.get(`${FHIR}/MedicationRequest/${first.id}`)).json<MedicationRequest>();
    expect(first.dosageInstruction).toEqual(request.dosageInstruction);
    expect(first.medicationReference).toEqual(request.medicationReference);
    // Loose agreements are no administration agreement.
    const loose = (await t.db.select({ id: a.id }).from(a).where(eq(a.distributionForm, 'loose')))[0]!.id;
    expect((await pharmacist.get(`${FHIR}/MedicationDispense/${loose}`)).statusCode).toBe(404);
  });

  it('patient, status and _count; $everything carries them', async () => {
    const patientId = gds[0]!.patientId;
    const own = gds.filter((r) => r.patientId === patientId).map((r) => String(r.id));
    const byPatient = resourcesOf(
      await allPages(pharmacist, `${FHIR}/MedicationDispense?patient=Patient/${patientId}`),
    );
    expect(byPatient.map((r) => r.id)).toEqual(own);
    const inProgress = resourcesOf(
      await allPages(pharmacist, `${FHIR}/MedicationDispense?status=in-progress&_count=200`),
    ) as MedicationDispense[];
    expect(inProgress.length).toBeGreaterThan(0);
    for (const r of inProgress) expect(r.status).toBe('in-progress');
    const counted = (await pharmacist.get(`${FHIR}/MedicationDispense?_summary=count`)).json<Bundle>();
    expect(counted.total).toBe(gds.length);
    const everything = (await pharmacist.get(`${FHIR}/Patient/${patientId}/$everything`)).json<Bundle>();
    const dispenses = (everything.entry ?? []).filter(
      (e) => e.resource!.resourceType === 'MedicationDispense',
    );
    expect(dispenses.map((e) => e.resource!.id)).toEqual(own);
    expect((await pharmacist.get(`${FHIR}/MedicationDispense?intent=order`)).statusCode).toBe(400);
  });

  it('_lastUpdated finds a stopped agreement: a stop changes its administration agreement', async () => {
    const before = new Date(Date.now() - 1000).toISOString();
    const target = gds.find((r) => r.stopType === null && (r.endAt === null || r.endAt > new Date()))!;
    const stopped = await pharmacist.post(`/api/medication/agreement/${target.id}/stop`, {
      StopType: 'stopped',
      Reason: 'Test',
    });
    expect(stopped.statusCode).toBe(200);
    const since = resourcesOf(
      await allPages(pharmacist, `${FHIR}/MedicationDispense?_lastUpdated=ge${encodeURIComponent(before)}`),
    ) as MedicationDispense[];
    expect(since.map((r) => r.id)).toEqual([String(target.id)]);
    expect(since[0]!.status).toBe('stopped');
    expect(new Date(since[0]!.meta!.lastUpdated!).getTime()).toBeGreaterThanOrEqual(
      new Date(before).getTime(),
    );
  });

  it('a read is audited; another pharmacy’s client is 404 with a refused entry', async () => {
    const id = gds[1]!.id;
    expect((await pharmacist.get(`${FHIR}/MedicationDispense/${id}`)).statusCode).toBe(200);
    const [entry] = await auditRows(t, {
      objectType: 'administration_agreement',
      objectId: id,
      action: 'R',
      outcome: 'success',
    });
    expect(entry).toMatchObject({ username: 'apotheker', patientId: gds[1]!.patientId });
    expect((await pharmacist.get(`${FHIR}/MedicationDispense/${foreignGds}`)).statusCode).toBe(404);
    expect(
      await auditRows(t, {
        objectType: 'administration_agreement',
        objectId: foreignGds,
        outcome: 'refused',
      }),
    ).toHaveLength(1);
  });
});
