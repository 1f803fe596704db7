import type { AdministrationList, PlannedMoment } from '@zorgportaal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, type Api } from '../../../../test/helpers/api.ts';
import { auditRows } from '../../../../test/helpers/audit.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

type Client = { query: (...args: unknown[]) => Promise<unknown> };

/**
 * The statements a ward's calls send to the database (docs/performance.md, the hot path): a changed
 * Toedienlijst is its version and its data, an unchanged one its version only, the client list one
 * statement, a registration the agreement and the INSERT, each besides its audit entry; the caller's
 * scope and department come from the caller cache. Counted on the driver's client (outside transactions,
 * which none of these calls open).
 */
describe('statements of the hot path', () => {
  let t: TestApp;
  let nurse: Api;
  let colleague: Api;
  let sent: string[] = [];
  let restore: () => void;

  beforeAll(async () => {
    t = await buildTestApp();
    nurse = await apiAs(t.app, 'verpleegkundige');
    colleague = await apiAs(t.app, 'beheerder');
    const client = (t.db as unknown as { $client: Client }).$client;
    const query = client.query.bind(client);
    client.query = (...args: unknown[]) => {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text: string }).text;
      sent.push(text);
      return query(...args);
    };
    restore = () => (client.query = query);
  });
  afterAll(async () => {
    restore();
    await t.close();
  });

  /** The statements `call` sends, without the audit entries' (micro-batched; counted by their rows). */
  async function statementsOf(call: () => Promise<unknown>): Promise<string[]> {
    sent = [];
    await call();
    return sent.filter((text) => !/audit_log/.test(text));
  }

  it('a changed Toedienlijst: two statements besides its audit entry; unchanged: one statement', async () => {
    const first = await nurse.get('/api/administration/list');
    expect(first.statusCode).toBe(200);
    // A colleague registers an open moment: the nurse's list changed.
    const open = first
      .json<AdministrationList>()
      .Moments.find((m: PlannedMoment) => !m.AsNeeded && m.Registrations.length === 0)!;
    const registered = await colleague.post('/api/administration/registration', {
      AgreementId: open.AgreementId,
      ScheduledAt: open.ScheduledAt,
      Status: 'not_given',
      DeviationReason: 'patient_absent',
    });
    expect(registered.statusCode, registered.body).toBe(201);

    let etag = '';
    const changed = await statementsOf(async () => {
      const answer = await nurse.get('/api/administration/list');
      expect(answer.statusCode).toBe(200);
      etag = answer.headers.etag as string;
    });
    expect(changed).toHaveLength(2);

    const unchanged = await statementsOf(async () => {
      const answer = await t.app.inject({
        method: 'GET',
        url: '/api/administration/list',
        headers: { authorization: `Bearer ${nurse.token}`, 'if-none-match': etag },
      });
      expect(answer.statusCode).toBe(304);
    });
    expect(unchanged).toHaveLength(1);
  });

  it('the client list: one statement besides its audit entry', async () => {
    await nurse.get('/api/patients');
    const list = await statementsOf(async () =>
      expect((await nurse.get('/api/patients')).statusCode).toBe(200),
    );
    expect(list).toHaveLength(1);
  });

  it('a registration: the agreement and the INSERT besides its audit entry', async () => {
    const list = (await nurse.get('/api/administration/list')).json<AdministrationList>();
    // Not a coumarin: its planned dose is read from the day's dosage scheme, a statement of its own.
    const open = list.Moments.filter(
      (m) => !m.AsNeeded && m.Registrations.length === 0 && !m.RiskCategories.includes('coumarine'),
    );
    const before = (await auditRows(t, { objectType: 'administration', outcome: 'success' })).length;
    const statements = await statementsOf(async () => {
      const answer = await nurse.post('/api/administration/registration', {
        AgreementId: open[0]!.AgreementId,
        ScheduledAt: open[0]!.ScheduledAt,
        Status: 'not_given',
        DeviationReason: 'patient_absent',
      });
      expect(answer.statusCode, answer.body).toBe(201);
      expect(answer.json<{ RecordedBy: { Username: string } }>().RecordedBy.Username).toBe('verpleegkundige');
    });
    expect(statements).toHaveLength(2);
    expect((await auditRows(t, { objectType: 'administration', outcome: 'success' })).length).toBe(
      before + 1,
    );
  });
});
