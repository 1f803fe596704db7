import { AUDIT_OBJECTS } from '@zorgportaal/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditBatchStatement, type AuditService, createAuditService } from '../audit.ts';
import { type Db, rowsOf } from '../db/client.ts';
import * as s from '../../schema.ts';
import { apiAs } from '../../../test/helpers/api.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

/** A request as the audit service reads it: the caller and the IP. */
const requestOf = (accountId: number, sessionId = `session-${accountId}`) =>
  ({
    ip: `10.0.0.${accountId}`,
    caller: { accountId, username: `user${accountId}`, roles: ['Verpleegkundige'], entityId: 1, sessionId },
  }) as unknown as FastifyRequest;

describe('audit writes are micro-batched: one INSERT for concurrent requests, each awaiting its commit', () => {
  let t: TestApp;
  let statements: number;
  let audit: AuditService;
  beforeAll(async () => {
    t = await buildTestApp();
    // The audit service on the test database, counting the statements it sends (its prepared batch statement
    // goes to the driver's client).
    const client = (t.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } })
      .$client;
    const counting = {
      $client: {
        query: (...args: unknown[]) => {
          statements++;
          return client.query(...args);
        },
      },
    } as unknown as Db;
    audit = createAuditService(counting, 3);
  });
  afterAll(() => t.close());

  const rowsOfObjects = (ids: string[]) =>
    t.db.select().from(s.auditLog).where(inArray(s.auditLog.objectId, ids)).orderBy(s.auditLog.id);

  it('writes every entry of concurrent requests with its own content, in batches of at most the maximum', async () => {
    statements = 0;
    const ids = Array.from({ length: 10 }, (_, i) => `batch-${i}`);
    await Promise.all(
      ids.map((id, i) =>
        audit.record(requestOf(100 + i), {
          action: 'R',
          outcome: 'success',
          objectType: AUDIT_OBJECTS.patient,
          objectId: id,
          patientId: 500 + i,
          changedFields: i % 2 ? ['Note'] : undefined,
          detail: { n: i },
        }),
      ),
    );
    // Asked in one turn of the event loop, the ten go three at a time (this writer's maximum): 3 + 3 + 3 + 1.
    expect(statements).toBe(4);
    const rows = await rowsOfObjects(ids);
    expect(rows.map((r) => r.objectId)).toEqual(ids);
    rows.forEach((row, i) => {
      expect(row).toMatchObject({
        action: 'R',
        outcome: 'success',
        objectType: 'patient',
        userId: 100 + i,
        username: `user${100 + i}`,
        role: 'Verpleegkundige',
        entityId: 1,
        ip: `10.0.0.${100 + i}`,
        patientId: 500 + i,
        changedFields: i % 2 ? ['Note'] : null,
        relatedPatientIds: null,
        viewKey: null,
        detail: { n: i },
      });
    });
  });

  it('keeps a recordMany request together and names related patients once each', async () => {
    statements = 0;
    await Promise.all([
      audit.record(requestOf(1), {
        action: 'R',
        outcome: 'success',
        objectType: 'patient',
        objectId: 'many-0',
      }),
      audit.recordMany(requestOf(2), [
        { action: 'C', outcome: 'success', objectType: 'patient', objectId: 'many-1' },
        {
          action: 'U',
          outcome: 'success',
          objectType: 'patient',
          objectId: 'many-2',
          relatedPatientIds: [7, 7, 8],
        },
      ]),
      audit.recordMany(requestOf(3), []),
    ]);
    // Asked in one turn of the event loop: one statement (the first waits that turn for the others).
    expect(statements).toBe(1);
    const rows = await rowsOfObjects(['many-0', 'many-1', 'many-2']);
    expect(rows.map((r) => [r.objectId, r.action, r.userId, r.relatedPatientIds])).toEqual([
      ['many-0', 'R', 1, null],
      ['many-1', 'C', 2, null],
      ['many-2', 'U', 2, [7, 8]],
    ]);
  });

  it('a failed INSERT fails every request of its batch, and the next batch is written again', async () => {
    const first = audit.record(requestOf(1), {
      action: 'R',
      outcome: 'success',
      objectType: 'patient',
      objectId: 'f-0',
    });
    // Asked after the first's batch started: a batch of their own, which PostgreSQL refuses for the NUL in one row.
    await new Promise((resolve) => setImmediate(resolve));
    const batch = ['f-1', 'f-2', 'f-3'].map((objectId) =>
      audit.record(requestOf(2), {
        action: 'R',
        outcome: 'success',
        objectType: 'patient',
        objectId,
        detail: objectId === 'f-2' ? { text: 'nul \u0000' } : undefined,
      }),
    );
    await expect(first).resolves.toBeUndefined();
    const settled = await Promise.allSettled(batch);
    expect(settled.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    await audit.record(requestOf(1), {
      action: 'R',
      outcome: 'success',
      objectType: 'patient',
      objectId: 'f-4',
    });
    expect((await rowsOfObjects(['f-0', 'f-1', 'f-2', 'f-3', 'f-4'])).map((r) => r.objectId)).toEqual([
      'f-0',
      'f-4',
    ]);
  });

  it('recordView: the same view twice at once or again within minutes is one entry; another view is a new one', async () => {
    const view = (accountId: number, date: string, sessionId?: string) =>
      audit.recordView(requestOf(accountId, sessionId), {
        objectType: AUDIT_OBJECTS.administration_list,
        objectId: 42,
        view: { date },
        relatedPatientIds: [3, 1, 2, 1],
      });
    const blocker = audit.record(requestOf(1), { action: 'R', outcome: 'success', objectType: 'patient' });
    // Queued together: the same session's same view twice, the same view by another session, another day.
    const results = await Promise.all([
      view(60, '2026-01-01'),
      view(60, '2026-01-01'),
      view(61, '2026-01-01'),
      view(60, '2026-01-02'),
      blocker,
    ]);
    expect(results.slice(0, 4)).toEqual([true, false, true, true]);
    expect(await view(60, '2026-01-01')).toBe(false);
    expect(await view(60, '2026-01-01', 'another-session')).toBe(true);
    const rows = await t.db
      .select()
      .from(s.auditLog)
      .where(eq(s.auditLog.objectId, '42'))
      .orderBy(s.auditLog.id);
    expect(rows.map((r) => [r.userId, r.detail, r.relatedPatientIds, r.action])).toEqual([
      [60, { date: '2026-01-01' }, [3, 1, 2], 'R'],
      [61, { date: '2026-01-01' }, [3, 1, 2], 'R'],
      [60, { date: '2026-01-02' }, [3, 1, 2], 'R'],
      [60, { date: '2026-01-01' }, [3, 1, 2], 'R'],
    ]);
  });

  it('a view this instance logged sends no statement again within its window (less a minute), then asks', async () => {
    const view = () =>
      audit.recordView(requestOf(70, 'session-remembered'), {
        objectType: AUDIT_OBJECTS.administration_list,
        objectId: 43,
        view: { date: '2026-01-03' },
        relatedPatientIds: [5],
      });
    statements = 0;
    expect(await view()).toBe(true);
    expect(await view()).toBe(false);
    expect(statements).toBe(1);
    // 14.5 minutes on by this process's clock: past what it holds, still within the database's window.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 14.5 * 60_000);
    try {
      expect(await view()).toBe(false);
    } finally {
      vi.useRealTimers();
    }
    expect(statements).toBe(2);
    expect(await rowsOfObjects(['43'])).toHaveLength(1);
  });

  it('through HTTP: each of many concurrent views has its entry, naming its clients, before its answer returns', async () => {
    const nurse = await apiAs(t.app, 'verpleegkundige');
    const searches = ['a', 'e', 'i', 'o', 'u', 'n', 'r', 's', 't', 'l', 'de', 'van'];
    await Promise.all(
      searches.map(async (q) => {
        const answer = await nurse.get(`/api/patients?q=${q}`);
        expect(answer.statusCode).toBe(200);
        // Read the moment the answer is there: the entry is already committed.
        const entries = (
          await t.db.select().from(s.auditLog).where(eq(s.auditLog.objectType, AUDIT_OBJECTS.patient_search))
        ).filter((r) => (r.detail as { q?: string }).q === q);
        expect(entries).toHaveLength(1);
        const shown = answer.json<{ Rows: { Id: number }[] }>().Rows.map((r) => r.Id);
        expect([...(entries[0]!.relatedPatientIds ?? [])].sort()).toEqual([...new Set(shown)].sort());
        expect(entries[0]!.userId).toBe(nurse.account.Id);
      }),
    );
  });

  it("the repeat check looks each row up in the user's index, never scanning the log's last minutes", async () => {
    // A busy log: 20,000 list views of the last 15 minutes by 50 users, with fresh statistics.
    await t.db.execute(sql`
      insert into audit_log (action, outcome, user_id, entity_id, object_type, view_key, event_at)
      select 'R', 'success', 1000 + i % 50, 1, 'administration_list', md5(i::text), now() - (i % 800) * interval '1 second'
      from generate_series(1, 20000) as i`);
    await t.db.execute(sql`analyze audit_log`);
    const rows = Array.from({ length: 20 }, (_, i) => ({
      action: 'R' as const,
      outcome: 'success',
      userId: 1000 + i,
      entityId: 1,
      objectType: 'administration_list',
      viewKey: `plan-${i}`,
    }));
    const plan = rowsOf<Record<string, string>>(await t.db.execute(sql`explain ${auditBatchStatement(rows)}`))
      .map((r) => Object.values(r)[0])
      .join('\n');
    // audit_log is partitioned by month: the rows are in this month's partition, read through its copy of
    // audit_log_user_keyset_idx (a child of it). Empty partitions (the months ahead) cost nothing whatever plan.
    const [{ part, idx }] = rowsOf<{ part: string; idx: string }>(
      await t.db.execute(sql`
        select p.relname as part, c.relname as idx
          from pg_inherits i join pg_class c on c.oid = i.inhrelid
          join pg_index x on x.indexrelid = c.oid join pg_class p on p.oid = x.indrelid
         where i.inhparent = 'audit_log_user_keyset_idx'::regclass
           and x.indrelid = (select tableoid from audit_log where user_id = 1000 limit 1)`),
    ) as [{ part: string; idx: string }];
    expect(plan).toContain(idx);
    expect(plan).not.toMatch(new RegExp(`hashed SubPlan|Seq Scan on ${part} `));
  });
});
