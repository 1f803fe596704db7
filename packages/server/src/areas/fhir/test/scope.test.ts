import type { Bundle, MedicationAdministration, Patient } from '@medplum/fhirtypes';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../../schema.ts';
import { type Api, apiAs } from '../../../../test/helpers/api.ts';
import { auditRows } from '../../../../test/helpers/audit.ts';
import { entityIdOf } from '../../../../test/helpers/entities.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';
import { allPages, FHIR, resourcesOf } from './helpers.ts';

const BSN = 'http://fhir.nl/fhir/NamingSystem/bsn';

/**
 * Tenant scope exactly as on the JSON API: a pharmacy sees the care centre it supplies, a GP practice only
 * its own clients there, a care centre its own. Another organisation's client is 404 and absent from
 * searches, and the attempt is logged as refused.
 */
describe('FHIR scope: another organisation gets 404 and empty searchsets', () => {
  let t: TestApp;
  let centrum: Api;
  let anker: Api;
  let deBerk: number;
  let huisartsEntity: number;
  /** A De Berk client with registrations (Apotheek De Linde supplies De Berk; Apotheek Centrum does not). */
  let patientId: number;
  let bsn: string;
  let administrationId: number;

  beforeAll(async () => {
    t = await buildTestApp();
    centrum = await apiAs(t.app, 'centrum');
    anker = await apiAs(t.app, 'anker');
    deBerk = await entityIdOf(t, 'Zorgcentrum De Berk');
    huisartsEntity = await entityIdOf(t, 'Huisartsenpraktijk Linde');
    const [row] = await t.db
      .select({ id: s.patients.id, bsn: s.patients.bsn, administration: s.administrations.id })
      .from(s.administrations)
      .innerJoin(s.patients, eq(s.patients.id, s.administrations.patientId))
      .where(eq(s.patients.entityId, deBerk))
      .limit(1);
    patientId = row!.id;
    bsn = row!.bsn!;
    administrationId = row!.administration;
  });
  afterAll(() => t.close());

  it("answers 404 for another organisation's client and registration, and logs the attempt as refused", async () => {
    for (const [api, username] of [
      [centrum, 'centrum'],
      [anker, 'anker'],
    ] as const) {
      const patient = await api.get(`${FHIR}/Patient/${patientId}`);
      expect(patient.statusCode).toBe(404);
      expect(patient.json()).toMatchObject({ resourceType: 'OperationOutcome' });
      const registration = await api.get(`${FHIR}/MedicationAdministration/${administrationId}`);
      expect(registration.statusCode).toBe(404);
      expect(
        await auditRows(t, { objectType: 'patient', objectId: patientId, outcome: 'refused', username }),
      ).not.toEqual([]);
      expect(
        await auditRows(t, {
          objectType: 'administration',
          objectId: administrationId,
          outcome: 'refused',
          username,
        }),
      ).not.toEqual([]);
    }
    // A missing id answers the same as a foreign one.
    const missing = await centrum.get(`${FHIR}/Patient/2000000000`);
    expect(missing.statusCode).toBe(404);
    expect(missing.body.replace('2000000000', String(patientId))).toBe(
      (await centrum.get(`${FHIR}/Patient/${patientId}`)).body,
    );
  });

  it("gives an empty searchset for another organisation's client, by reference or by BSN, and logs the reference", async () => {
    for (const url of [
      `${FHIR}/MedicationAdministration?patient=Patient/${patientId}`,
      `${FHIR}/MedicationRequest?patient=${patientId}`,
      `${FHIR}/Observation?patient=${patientId}`,
      `${FHIR}/MedicationAdministration?patient.identifier=${encodeURIComponent(`${BSN}|${bsn}`)}`,
      `${FHIR}/Patient?identifier=${encodeURIComponent(`${BSN}|${bsn}`)}`,
      `${FHIR}/Patient?_id=${patientId}`,
    ]) {
      const res = await centrum.get(url);
      expect(res.statusCode, url).toBe(200);
      const bundle = res.json<Bundle>();
      expect(bundle.entry, url).toBeUndefined();
      expect(bundle.total, url).toBe(0);
    }
    const refused = await auditRows(t, {
      objectType: 'patient',
      objectId: patientId,
      outcome: 'refused',
      username: 'centrum',
    });
    expect(refused.length).toBeGreaterThanOrEqual(3);
  });

  it('shows a pharmacy only the clients of the care centre it supplies, and a care centre only its own', async () => {
    const hetAnker = await entityIdOf(t, 'Zorgcentrum Het Anker');
    const ankerClients = new Set(
      (
        await t.db.select({ id: s.patients.id }).from(s.patients).where(eq(s.patients.entityId, hetAnker))
      ).map((r) => String(r.id)),
    );
    for (const api of [centrum, anker]) {
      const patients = resourcesOf(await allPages(api, `${FHIR}/Patient?_count=200`)) as Patient[];
      expect(patients.length).toBe(ankerClients.size);
      expect(patients.every((p) => ankerClients.has(p.id!))).toBe(true);
      const administrations = resourcesOf(
        await allPages(api, `${FHIR}/MedicationAdministration?_count=200`),
      ) as MedicationAdministration[];
      expect(administrations.length).toBeGreaterThan(0);
      expect(administrations.every((a) => ankerClients.has(a.subject!.reference!.split('/')[1]!))).toBe(true);
    }
  });

  it('shows a GP practice only its own clients at the care centre it is the GP for', async () => {
    const huisarts = await apiAs(t.app, 'huisarts');
    const own = await t.db
      .select({ id: s.patients.id })
      .from(s.patients)
      .where(eq(s.patients.prescriberEntityId, huisartsEntity));
    const ownIds = new Set(own.map((r) => String(r.id)));
    const patients = resourcesOf(await allPages(huisarts, `${FHIR}/Patient?_count=200`));
    expect(patients.map((p) => p.id).sort()).toEqual([...ownIds].sort());
    const agreements = resourcesOf(await allPages(huisarts, `${FHIR}/MedicationRequest?_count=200`));
    expect(
      agreements.every((a) =>
        ownIds.has((a as { subject: { reference: string } }).subject.reference.split('/')[1]!),
      ),
    ).toBe(true);
    // De Berk's clients with another prescriber stay out of reach.
    const [other] = await t.db
      .select({ id: s.patients.id })
      .from(s.patients)
      .where(
        and(
          eq(s.patients.entityId, deBerk),
          sql`${s.patients.prescriberEntityId} is distinct from ${huisartsEntity}`,
        ),
      )
      .limit(1);
    expect(other).toBeDefined();
    expect((await huisarts.get(`${FHIR}/Patient/${other!.id}`)).statusCode).toBe(404);
  });
});
