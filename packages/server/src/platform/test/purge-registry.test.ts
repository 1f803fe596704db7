import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PurgeSubject, registerPurge } from '../purge.ts';
import { rowsOf } from '../db/client.ts';
import * as s from '../../schema.ts';
import { type Api, apiAs } from '../../../test/helpers/api.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

describe('a person purge reaches every area that registered its personal data', () => {
  let t: TestApp;
  let admin: Api;
  const seen: PurgeSubject[] = [];
  let failing = false;
  let unregister = () => {};

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await apiAs(t.app, 'beheerder');
    // A new area, as a newcomer would add one: its own table with personal data and its purge step.
    await t.db.execute(sql`create table test_notes (person_id integer not null, note text)`);
    // The registry is module state shared by every test file of this worker: the step is removed in afterAll.
    unregister = registerPurge('test-notes', async (tx, subject) => {
      seen.push(subject);
      await tx.execute(sql`update test_notes set note = null where person_id = ${subject.personId}`);
      if (failing) throw new Error('test-notes purge failed');
    });
  });
  afterAll(async () => {
    unregister();
    await t.close();
  });

  it("erases the new area's note and the auth area's data, in one transaction with the rest", async () => {
    const nurse = await apiAs(t.app, 'verpleegkundige');
    const personId = nurse.account.Person!.Id;
    const [account] = await t.db.select().from(s.accounts).where(eq(s.accounts.personId, personId));
    const entityId = account!.entityId;
    await t.db.execute(sql`insert into test_notes values (${personId}, 'Allergisch voor pinda''s')`);
    await t.db.insert(s.totpEnrolments).values({ accountId: account!.id, secretSealed: 'sealed' });
    await t.db
      .insert(s.accountIpAllowList)
      .values({ accountId: account!.id, entityId, productId: 1, ip: '192.0.2.10' });
    expect((await admin.delete(`/api/person/${personId}`)).statusCode).toBe(200);

    const note = async () =>
      rowsOf<{ note: string | null }>(
        await t.db.execute(sql`select note from test_notes where person_id = ${personId}`),
      )[0]?.note;
    const purge = () => admin.delete(`/api/trash/${personId}`, { ConfirmName: 'Fatima El Amrani' });

    // One failing area rolls the whole purge back: nothing is half erased.
    failing = true;
    expect((await purge()).statusCode).toBe(500);
    expect(await note()).toBe("Allergisch voor pinda's");
    const [kept] = await t.db.select().from(s.persons).where(eq(s.persons.id, personId));
    expect(kept).toMatchObject({ lastName: 'El Amrani', purgedAt: null });

    failing = false;
    expect((await purge()).statusCode).toBe(204);
    expect(await note()).toBeNull();
    expect(seen.at(-1)).toMatchObject({ personId, entityId, accounts: [{ id: account!.id }] });
    const [person] = await t.db.select().from(s.persons).where(eq(s.persons.id, personId));
    expect(person).toMatchObject({ firstNames: '-', lastName: 'Verwijderd', dateOfBirth: null });
    expect(
      await t.db.select().from(s.totpEnrolments).where(eq(s.totpEnrolments.accountId, account!.id)),
    ).toEqual([]);
    expect(
      await t.db.select().from(s.accountIpAllowList).where(eq(s.accountIpAllowList.accountId, account!.id)),
    ).toEqual([]);
  });
});
