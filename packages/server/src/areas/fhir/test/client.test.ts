import type { Bundle, CapabilityStatement, MedicationAdministration } from '@medplum/fhirtypes';
import { Client } from 'fhir-kit-client';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../../schema.ts';
import { login } from '../../../../test/helpers/login.ts';
import { entityIdOf } from '../../../../test/helpers/entities.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

/**
 * A standard FHIR client nobody here wrote (fhir-kit-client) over real HTTP: it reads the
 * CapabilityStatement, finds a client by BSN and pages through its registrations by the next links.
 */
describe('FHIR endpoint with fhir-kit-client over HTTP', () => {
  let t: TestApp;
  let baseUrl: string;

  beforeAll(async () => {
    t = await buildTestApp();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `${address}/fhir/R4`;
  });
  afterAll(() => t.close());

  it('reads the CapabilityStatement, searches a client by BSN and follows next links through its registrations', async () => {
    const anonymous = new Client({ baseUrl });
    const statement = (await anonymous.capabilityStatement()) as unknown as CapabilityStatement;
    expect(statement.resourceType).toBe('CapabilityStatement');
    expect(statement.rest![0]!.resource!.map((r) => r.type)).toContain('MedicationAdministration');

    const deBerk = await entityIdOf(t, 'Zorgcentrum De Berk');
    const [row] = await t.db
      .select({ id: s.patients.id, bsn: s.patients.bsn })
      .from(s.administrations)
      .innerJoin(s.patients, eq(s.patients.id, s.administrations.patientId))
      .where(eq(s.patients.entityId, deBerk))
      .limit(1);
    const registrations = await t.db
      .select({ id: s.administrations.id })
      .from(s.administrations)
      .where(eq(s.administrations.patientId, row!.id));
    expect(registrations.length).toBeGreaterThan(10);

    const { access_token } = await login(t.app, 'verpleegkundige');
    const client = new Client({ baseUrl, bearerToken: access_token });
    const found = (await client.search({
      resourceType: 'Patient',
      searchParams: { identifier: `http://fhir.nl/fhir/NamingSystem/bsn|${row!.bsn}` },
    })) as unknown as Bundle;
    expect(found.entry?.map((e) => e.resource!.id)).toEqual([String(row!.id)]);

    let page = (await client.search({
      resourceType: 'MedicationAdministration',
      searchParams: { patient: `Patient/${row!.id}`, _count: '4' },
    })) as unknown as Bundle;
    const seen: string[] = [];
    let pages = 0;
    for (;;) {
      pages++;
      for (const e of page.entry ?? []) {
        const ma = e.resource as MedicationAdministration;
        expect(ma.subject!.reference).toBe(`Patient/${row!.id}`);
        seen.push(ma.id!);
      }
      const next = client.nextPage({ bundle: page as never });
      if (!next) break;
      page = (await next) as unknown as Bundle;
    }
    expect(pages).toBe(Math.ceil(registrations.length / 4));
    expect(seen.sort()).toEqual(registrations.map((r) => String(r.id)).sort());
  });

  it('gets the OperationOutcome of a refused search as an error', async () => {
    const { access_token } = await login(t.app, 'verpleegkundige');
    const client = new Client({ baseUrl, bearerToken: access_token });
    await expect(
      client.search({ resourceType: 'Patient', searchParams: { 'name:contains': 'Jan' } }),
    ).rejects.toMatchObject({ response: { status: 400 } });
  });
});
