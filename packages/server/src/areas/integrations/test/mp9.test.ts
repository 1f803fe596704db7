import type { Bundle, MedicationRequest } from '@medplum/fhirtypes';
import type { Integration, IntegrationReportDetail } from '@zorgportaal/contract';
import { and, eq, ilike } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.ts';
import { type Database, openDatabase } from '../../../platform/db/client.ts';
import * as s from '../../../schema.ts';
import { type Api, apiAs } from '../../../../test/helpers/api.ts';
import { auditRows } from '../../../../test/helpers/audit.ts';
import { entityIdOf } from '../../../../test/helpers/entities.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';
import { runDueIntegrations } from '../scheduler.ts';

const AIS = 'urn:oid:2.16.840.1.113883.2.4.6.3.99999999.7';
const BASE = '/api/management/settings';
const onPostgres = process.env.TEST_DB === 'postgres';

/**
 * An `mp9` integration pulls a transaction Bundle of MP9 MedicationAgreements from an allowed host (here a
 * local Fastify server) and applies it as POST /fhir/R4 does: all or nothing, idempotent; oversize answers
 * are refused; the stored schedule runs once per due run, also with two scheduler instances at once.
 */
describe('mp9 integration and the scheduler', () => {
  let t: TestApp;
  let host: FastifyInstance;
  let beheerder: Api;
  let patientId: number;
  let medicationId: number;
  let sourceUrl: string;
  let integration: Integration;
  /** What the fake FHIR host serves next: a Bundle, or a chunked answer of this many bytes. */
  let served: unknown = null;
  let streamBytes = 0;

  const request = (value: string, extra: Partial<MedicationRequest> = {}): MedicationRequest => ({
    resourceType: 'MedicationRequest',
    identifier: [{ system: AIS, value }],
    status: 'active',
    intent: 'order',
    subject: { reference: `Patient/${patientId}` },
    medicationReference: { reference: `Medication/${medicationId}` },
    requester: { display: 'dr. Voorschrijver' },
    dosageInstruction: [
      {
        timing: { repeat: { boundsPeriod: { start: '2025-01-01' }, timeOfDay: ['09:00:00'] } },
        doseAndRate: [{ doseQuantity: { value: 1, unit: 'tablet' } }],
      },
    ],
    ...extra,
  });
  const bundle = (...resources: MedicationRequest[]): Bundle => ({
    resourceType: 'Bundle',
    type: 'transaction',
    entry: resources.map((resource) => ({ resource, request: { method: 'POST', url: 'MedicationRequest' } })),
  });
  const ours = () =>
    t.db
      .select()
      .from(s.medicationAgreements)
      .where(
        and(
          eq(s.medicationAgreements.patientId, patientId),
          eq(s.medicationAgreements.identifierSystem, AIS),
        ),
      );
  const run = async (id = integration.Id) => beheerder.post(`${BASE}/integration/${id}/run`);
  const body = (extra: object = {}) => ({
    Type: 'mp9',
    Name: 'AIS De Linde (MP9)',
    Source: sourceUrl,
    Schedule: 'manual',
    Secret: 'ais-sleutel-2026',
    ...extra,
  });

  beforeAll(async () => {
    host = Fastify();
    host.get('/fhir/mp9', async (_request, reply) => {
      if (!streamBytes) return reply.type('application/fhir+json').send(served);
      const chunk = Buffer.alloc(64 * 1024, 'a');
      let sent = 0;
      const { Readable } = await import('node:stream');
      const stream = new Readable({
        read() {
          sent += chunk.length;
          this.push(sent > streamBytes ? null : chunk);
        },
      });
      return reply.type('application/fhir+json').send(stream);
    });
    await host.listen({ port: 0, host: '127.0.0.1' });
    const port = (host.server.address() as { port: number }).port;
    sourceUrl = `http://127.0.0.1:${port}/fhir/mp9`;
    t = await buildTestApp({ config: { integrationHosts: [`127.0.0.1:${port}`] } });
    beheerder = await apiAs(t.app, 'beheerder');
    const deBerk = await entityIdOf(t, 'Zorgcentrum De Berk');
    patientId = (
      await t.db.select({ id: s.patients.id }).from(s.patients).where(eq(s.patients.entityId, deBerk))
    )[0]!.id;
    medicationId = (
      await t.db
        .select({ id: s.medications.id })
        .from(s.medications)
        .where(ilike(s.medications.name, 'paracetamol%'))
    )[0]!.id;
    const created = await beheerder.post(`${BASE}/integration/0`, body());
    expect(created.statusCode).toBe(201);
    integration = created.json<Integration>();
    expect(integration.NextRunAt).toBeNull();
  });
  afterAll(async () => {
    await host.close();
    await t.close();
  });

  it('a manual run applies the Bundle as POST /fhir/R4 would; the same Bundle again changes nothing', async () => {
    served = bundle(request('mp9-1'));
    const first = await run();
    expect(first.statusCode).toBe(200);
    const report = first.json<IntegrationReportDetail>();
    expect(report).toMatchObject({ Outcome: 'success', Created: 1, StartedBy: 'beheerder', Message: null });
    expect(report.Lines).toEqual([
      expect.objectContaining({ Reference: 'mp9-1', Action: 'created', PatientId: patientId }),
    ]);
    const [stored] = await ours();
    expect(stored).toMatchObject({
      identifierValue: 'mp9-1',
      createdBy: null,
      prescriber: 'dr. Voorschrijver',
    });
    const [entry] = await auditRows(t, {
      objectType: 'medication_agreement',
      objectId: stored!.id,
      action: 'C',
    });
    expect(entry).toMatchObject({ username: 'beheerder', patientId });
    expect(entry!.detail).toMatchObject({ integration: integration.Id });
    expect(await auditRows(t, { objectType: 'integration_sync', objectId: integration.Id })).toHaveLength(1);

    const again = (await run()).json<IntegrationReportDetail>();
    expect(again).toMatchObject({ Outcome: 'success', Created: 0, Unchanged: 1 });
    expect(await ours()).toHaveLength(1);
  });

  it('all or nothing: a bad entry refuses the whole Bundle, naming it; nothing is stored', async () => {
    served = bundle(
      request('mp9-2'),
      request('mp9-3', { medicationReference: { reference: 'Medication/999999' } }),
    );
    const report = (await run()).json<IntegrationReportDetail>();
    expect(report.Outcome).toBe('failure');
    expect(report.Message).toContain('Bundle.entry[1]');
    expect(report.Lines).toEqual([]);
    expect((await ours()).map((a) => a.identifierValue)).toEqual(['mp9-1']);
    served = { resourceType: 'Patient' };
    expect((await run()).json<IntegrationReportDetail>().Message).toBe('De bron gaf geen FHIR Bundle.');
  });

  it('an oversize answer is refused while it streams', async () => {
    streamBytes = 12 * 1024 * 1024;
    try {
      const report = (await run()).json<IntegrationReportDetail>();
      expect(report).toMatchObject({ Outcome: 'failure', Message: 'Het antwoord van de bron is te groot.' });
    } finally {
      streamBytes = 0;
    }
  });

  it('refuses another organisation, a type that cannot run and an inactive integration', async () => {
    const anker = await apiAs(t.app, 'anker');
    expect((await anker.post(`${BASE}/integration/${integration.Id}/run`)).statusCode).toBe(404);
    expect(
      await auditRows(t, { objectType: 'integration', objectId: integration.Id, outcome: 'refused' }),
    ).toHaveLength(1);
    const webhook = (
      await beheerder.post(`${BASE}/integration/0`, body({ Type: 'webhook', Name: 'Webhook' }))
    ).json<Integration>();
    expect((await run(webhook.Id)).statusCode).toBe(409);
    await beheerder.post(`${BASE}/integrationstatuses`, { Ids: [integration.Id], Active: false });
    expect((await run()).statusCode).toBe(409);
    await beheerder.post(`${BASE}/integrationstatuses`, { Ids: [integration.Id], Active: true });
  });

  describe('the schedule', () => {
    let second: FastifyInstance | null = null;
    let secondDb: Database | null = null;
    beforeAll(async () => {
      // On PostgreSQL a second instance on the same database; PGlite is one process, so the same app twice.
      if (onPostgres) {
        secondDb = await openDatabase(t.config.databaseUrl!);
        second = await buildApp(t.config, secondDb, { logger: false });
        await second.ready();
      }
    });
    afterAll(async () => {
      await second?.close();
      await secondDb?.close();
    });

    it('runs a due integration once when two schedulers look at the same time, as the integration itself', async () => {
      served = bundle(request('mp9-1'), request('mp9-4'));
      const saved = await beheerder.put(
        `${BASE}/integration/${integration.Id}`,
        body({ Schedule: 'hourly' }),
      );
      expect(saved.statusCode).toBe(200);
      expect(saved.json<Integration>().NextRunAt).not.toBeNull();
      const before = await auditRows(t, { objectType: 'integration_sync', objectId: integration.Id });
      const now = new Date(Date.now() + 1000);
      const [a, b] = await Promise.all([
        runDueIntegrations(t.app, now),
        runDueIntegrations(second ?? t.app, now),
      ]);
      expect([...a, ...b]).toHaveLength(1);
      const reports = await t.db
        .select()
        .from(s.integrationReports)
        .where(eq(s.integrationReports.id, [...a, ...b][0]!));
      expect(reports[0]).toMatchObject({
        outcome: 'success',
        created: 1,
        unchanged: 1,
        startedBy: null,
        startedByName: 'Planning',
      });
      const runs = await auditRows(t, { objectType: 'integration_sync', objectId: integration.Id });
      expect(runs.length - before.length).toBe(1);
      expect(runs.at(-1)).toMatchObject({
        userId: null,
        username: 'AIS De Linde (MP9)',
        role: 'Koppeling',
        ip: null,
      });
      const created = (await ours()).find((r) => r.identifierValue === 'mp9-4')!;
      const [entry] = await auditRows(t, {
        objectType: 'medication_agreement',
        objectId: created.id,
        action: 'C',
      });
      expect(entry).toMatchObject({ username: 'AIS De Linde (MP9)', role: 'Koppeling' });
      // Not due again until an hour later; a look in between runs nothing.
      const [row] = await t.db.select().from(s.integrations).where(eq(s.integrations.id, integration.Id));
      expect(row!.nextRunAt!.getTime() - now.getTime()).toBe(3600_000);
      expect(await runDueIntegrations(t.app, new Date(now.getTime() + 60_000))).toEqual([]);
      // Back to manual: never due.
      await beheerder.put(`${BASE}/integration/${integration.Id}`, body());
      expect(await runDueIntegrations(t.app, new Date(now.getTime() + 7200_000))).toEqual([]);
    });
  });
});
