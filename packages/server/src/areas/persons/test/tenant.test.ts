import type { AccountPage, LogPage, PersonPage, TrashPage } from '@zorgportaal/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../../schema.ts';
import { type Api, apiAs } from '../../../../test/helpers/api.ts';
import { auditRows } from '../../../../test/helpers/audit.ts';
import { aClientOf, newPersonBody } from '../../../../test/helpers/persons.ts';
import { entityIdOf } from '../../../../test/helpers/entities.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

/** Tenant isolation (security.md): `anker` (Het Anker, Beheerder) against De Berk's persons and accounts. */
describe('another organisation gets 404 on every route and changes nothing', () => {
  let t: TestApp;
  let anker: Api;
  let berk: number;
  let person: number;
  let trashed: number;
  let account: number;

  const snapshot = async () => ({
    persons: await t.db.select().from(s.persons).where(eq(s.persons.entityId, berk)).orderBy(s.persons.id),
    accounts: await t.db
      .select()
      .from(s.accounts)
      .where(eq(s.accounts.entityId, berk))
      .orderBy(s.accounts.id),
    sessions: await t.db
      .select()
      .from(s.sessions)
      .where(eq(s.sessions.entityId, berk))
      .orderBy(s.sessions.id),
    roles: await t.db.select().from(s.accountRoles).where(eq(s.accountRoles.entityId, berk)),
  });

  beforeAll(async () => {
    t = await buildTestApp();
    berk = await entityIdOf(t, 'De Berk');
    const admin = await apiAs(t.app, 'beheerder');
    person = (await aClientOf(t, berk)).id;
    trashed = (await admin.post('/api/person', newPersonBody('Prullenbak'))).json<{ Id: number }>().Id;
    await admin.delete(`/api/person/${trashed}`);
    account = (await apiAs(t.app, 'verpleegkundige')).account.Id;
    anker = await apiAs(t.app, 'anker');
  });
  afterAll(() => t.close());

  it('answers 404 and logs each attempt as refused', async () => {
    const before = await snapshot();
    const link = { Username: 'indringer', EmailAddress: ['x@anker.example'] };
    const calls = [
      ['GET', `/api/person/${person}`, undefined],
      ['PUT', `/api/person/${person}`, newPersonBody('Overgenomen')],
      ['DELETE', `/api/person/${person}`, undefined],
      ['POST', `/api/account/link/${person}`, link],
      ['PUT', `/api/account/${account}`, { EmailAddress: ['x@anker.example'] }],
      ['POST', `/api/account/${account}/deactivate`, undefined],
      ['POST', `/api/account/${account}/reset2fa`, undefined],
      ['POST', `/api/account/${account}/sendpasswordmail`, undefined],
      ['POST', `/api/trash/${trashed}/restore`, undefined],
      ['DELETE', `/api/trash/${trashed}`, { ConfirmName: 'Jan Willem de Prullenbak' }],
    ] as const;
    for (const [method, url, body] of calls) {
      const res = await anker.call(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ Code: 'NOT_FOUND', Message: 'Niet gevonden.' });
    }
    expect(await snapshot()).toEqual(before);
    const refused = await auditRows(t, { username: 'anker', outcome: 'refused' });
    expect(refused).toHaveLength(calls.length);
  });

  it('never lists the other organisation in searches, the trash can or the log', async () => {
    const client = await aClientOf(t, berk);
    const persons = (
      await anker.get(`/api/personinfo?q=${encodeURIComponent(client.lastName)}&pageSize=100`)
    ).json<PersonPage>();
    expect(persons.Rows.every((r) => r.Id !== client.id)).toBe(true);
    expect((await anker.get('/api/accounts/?q=beheerder')).json<AccountPage>().Total).toBe(0);
    // Het Anker's trash holds only its own deleted persons (the demo world has one), never De Berk's.
    const trash = (await anker.get('/api/trash')).json<TrashPage>();
    const ownDeleted = await t.db
      .select()
      .from(s.persons)
      .where(and(eq(s.persons.entityId, await entityIdOf(t, 'Het Anker')), eq(s.persons.deleted, true)));
    expect(trash.Rows.map((r) => r.PersonId).sort()).toEqual(ownDeleted.map((p) => p.id).sort());
    // Only anker's own refused attempts: nothing De Berk did with the person.
    const log = (await anker.get(`/api/log?personId=${trashed}`)).json<LogPage>();
    expect(log.Rows.map((r) => [r.Username, r.Outcome])).toEqual([
      ['anker', 'refused'],
      ['anker', 'refused'],
    ]);
    const all = (await anker.get('/api/log?limit=200')).json<LogPage>();
    expect(new Set(all.Rows.map((r) => r.EntityId))).toEqual(new Set([await entityIdOf(t, 'Het Anker')]));
  });
});
