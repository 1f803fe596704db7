import type { AdministrationList, DepartmentOption } from '@zorgportaal/contract';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../platform/db/client.ts';
import { addDays, dayBounds, localDate } from '../../../platform/time.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';
import { departmentsWithClients } from '../../medication/public.ts';
import { createDayListCache, type DayListCache } from '../day-list-cache.ts';
import { keptList, listVersionOf } from '../kept-list.ts';
import { builtAnswer } from '../list-answer.ts';
import { LIST_VERSION_SHARDS } from '../list-versions-schema.ts';

/**
 * A ward's counters are kept per client shard, so a kept Toedienlijst whose counters moved in a few shards is
 * patched: only those clients are read and built again (kept-list.ts, list-answer.ts). A tablet must not tell
 * the patched answer from a whole build: after each change below (through the tables, as any writer of them
 * would), the answer equals a build at the same instant byte for byte, and came from a patch, not a build.
 */
describe('a kept Toedienlijst patched for the clients that changed equals a whole build', () => {
  let t: TestApp;
  let ward: DepartmentOption;
  let other: DepartmentOption;
  const day = addDays(localDate(new Date()), -1);
  const made = { builds: 0, patches: 0 };
  const real = createDayListCache();
  // The instance's cache, counting how each answer was made.
  const lists: DayListCache = {
    list: (slot, identity, now, build, turn, patch) =>
      real.list(
        slot,
        identity,
        now,
        () => (made.builds++, build()),
        turn,
        (kept) => {
          const patcher = patch?.(kept);
          return patcher ? (json) => (made.patches++, patcher(json)) : null;
        },
      ),
    settled: real.settled,
    close: real.close,
    size: 0,
    bytes: 0,
  };

  /** The ward's answer through the kept lists, checked against a whole build at the same instant. */
  async function answerOf(department: DepartmentOption): Promise<AdministrationList> {
    const now = new Date();
    const at = await listVersionOf(t.app, department, day, true);
    const answer = await keptList(t.app, lists, department, day, now, at);
    const built = await builtAnswer(t.app, department, day, now, at);
    const json = answer.json ?? gunzipSync(answer.gzip!).toString();
    expect(json).toBe(built.json);
    expect([answer.patientIds, answer.until]).toEqual([built.patientIds, built.until]);
    return JSON.parse(json) as AdministrationList;
  }

  const change = (query: ReturnType<typeof sql>) => t.db.execute(query);
  const clientsOf = (list: AdministrationList) => [...new Set(list.Moments.map((m) => m.PatientId))];

  beforeAll(async () => {
    t = await buildTestApp();
    const found = await departmentsWithClients(t.db, 2);
    [ward, other] = [found[0]!, found[1]!];
  });
  afterAll(() => t.close());

  it('after a registration changed, a client moved up in the order, a name, an agreement ended', async () => {
    const first = await answerOf(ward);
    await answerOf(other);
    expect(made).toEqual({ builds: 2, patches: 0 });
    const clients = clientsOf(first);
    expect(clients.length).toBeGreaterThanOrEqual(4);
    const [a, b, c, d] = clients as [number, number, number, number];
    const { start } = dayBounds(day);

    const registration = first.Moments.find((m) => m.PatientId === a && m.Registrations.length > 0)!;
    await change(
      sql`update administrations set note = 'Slikte moeilijk' where id = ${registration.Registrations[0]!.Id}`,
    );
    const noted = await answerOf(ward);
    expect(noted.Moments.find((m) => m.Key === registration.Key)!.Registrations[0]!.Note).toBe(
      'Slikte moeilijk',
    );

    // Room 000 first: at each of its times, the client now comes before the others.
    await change(sql`update patients set room = '000' where id = ${d}`);
    const moved = (await answerOf(ward)).Moments;
    const time = moved.find((m) => m.PatientId === d)!.ScheduledAt;
    expect(moved.find((m) => m.ScheduledAt === time)!.PatientId).toBe(d);

    await change(
      sql`update persons set last_name = 'Aaldering' where id = (select person_id from patients where id = ${b})`,
    );
    await answerOf(ward);

    const agreement = first.Moments.find((m) => m.PatientId === c && m.ScheduledAt !== null)!.AgreementId;
    const noon = new Date(start.getTime() + 12 * 3_600_000).toISOString();
    await change(sql`update medication_agreements set end_at = ${noon}::timestamptz where id = ${agreement}`);
    await answerOf(ward);
    expect(made).toEqual({ builds: 2, patches: 4 });
  });

  it('after a client moved into the ward and another out of it: both wards patched', async () => {
    const before = { ward: clientsOf(await answerOf(ward)), other: clientsOf(await answerOf(other)) };
    const counted = { ...made };
    const [incoming] = before.other;
    await change(sql`update patients set department_id = ${ward.Id} where id = ${incoming!}`);
    expect(clientsOf(await answerOf(ward))).toContain(incoming);
    expect(clientsOf(await answerOf(other))).not.toContain(incoming);
    const outgoing = before.ward.find((id) => id !== incoming)!;
    await change(sql`update patients set department_id = ${other.Id} where id = ${outgoing}`);
    expect(clientsOf(await answerOf(ward))).not.toContain(outgoing);
    expect(clientsOf(await answerOf(other))).toContain(outgoing);
    expect(made).toEqual({ builds: counted.builds, patches: counted.patches + 4 });
  });

  it('builds the whole list when most of the ward changed (a product of every client renamed)', async () => {
    const list = await answerOf(ward);
    const counted = { ...made };
    const [product] = rowsOf<{ id: number }>(
      await t.db.execute(sql`select medication_id as id from medication_agreements
        where patient_id = any(${`{${clientsOf(list).join(',')}}`}::int[])
        group by medication_id order by count(distinct patient_id) desc limit 1`),
    );
    await change(sql`update medication_agreements set medication_id = ${product!.id}
      where patient_id = any(${`{${clientsOf(list).join(',')}}`}::int[])`);
    await answerOf(ward);
    expect(made).toEqual({ builds: counted.builds + 1, patches: counted.patches });
  });

  it('builds the whole list when a kept client left the ward without its counter moving', async () => {
    const list = await answerOf(ward);
    const counted = { ...made };
    const gone = clientsOf(list)[0]!;
    const noted = clientsOf(list).find(
      (id) =>
        id % LIST_VERSION_SHARDS !== gone % LIST_VERSION_SHARDS &&
        list.Moments.some((m) => m.PatientId === id && m.Registrations.length > 0),
    );
    // A writer that bypassed the triggers: the patch must not keep the client that left.
    await change(sql`alter table patients disable trigger user`);
    await change(sql`update patients set department_id = ${other.Id} where id = ${gone}`);
    await change(sql`alter table patients enable trigger user`);
    const registration = list.Moments.find((m) => m.PatientId === noted && m.Registrations.length > 0)!;
    await change(
      sql`update administrations set note = 'Later' where id = ${registration.Registrations[0]!.Id}`,
    );
    expect(clientsOf(await answerOf(ward))).not.toContain(gone);
    expect(made).toEqual({ builds: counted.builds + 1, patches: counted.patches + 1 });
  });
});
