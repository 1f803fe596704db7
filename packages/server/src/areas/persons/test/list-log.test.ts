import type { Dashboard, LogPage, PersonPage } from '@zorgportaal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../../schema.ts';
import { type Api, apiAs } from '../../../../test/helpers/api.ts';
import { newPersonBody } from '../../../../test/helpers/persons.ts';
import { postToken } from '../../../../test/helpers/login.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

describe('person list, Logboek and dashboard', () => {
  let t: TestApp;
  let admin: Api;
  const persons = async (query: string) => {
    const res = await admin.get(`/api/personinfo?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<PersonPage>();
  };

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await apiAs(t.app, 'beheerder');
  });
  afterAll(() => t.close());

  it('filters, searches, sorts and pages on the server', async () => {
    const all = await persons('pageSize=100');
    expect(all.Total).toBeGreaterThanOrEqual(24); // 20 clients and the staff of De Berk
    const names = all.Rows.map((r) => r.NameInformation.LastName.LastName.toLowerCase());
    expect(names).toEqual([...names].sort());

    const staff = await persons('hasAccount=true&sort=username');
    expect(staff.Rows.map((r) => r.Username)).toEqual(['beheerder', 'nieuw', 'tweestaps', 'verpleegkundige']);
    expect(staff.Rows[0]).toMatchObject({ ScreenName: 'Peter de Vries', Roles: [{ Name: 'Beheerder' }] });
    expect((await persons('hasAccount=false')).Total).toBe(all.Total - 4);

    const [role] = await t.db.select().from(s.roles).where(eq(s.roles.name, 'Verpleegkundige'));
    expect((await persons(`role=${role!.id}`)).Rows.map((r) => r.Username).sort()).toEqual([
      'tweestaps',
      'verpleegkundige',
    ]);
    expect((await persons('q=peter%20vries')).Rows.map((r) => r.Username)).toEqual(['beheerder']);
    expect((await persons('q=B-2004')).Rows.map((r) => r.Username)).toEqual(['tweestaps']);
    expect((await persons('q=%25')).Total).toBe(0); // a typed % is a character, not a wildcard

    const page2 = await persons('page=2&pageSize=5');
    expect(page2.Rows.map((r) => r.Id)).toEqual(all.Rows.slice(5, 10).map((r) => r.Id));
    const byBirth = await persons('sort=dateOfBirth&dir=desc&hasAccount=false');
    const births = byBirth.Rows.map((r) => r.DateOfBirth!);
    expect(births).toEqual([...births].sort().reverse());
    expect((await admin.get('/api/personinfo?sort=password')).statusCode).toBe(400);
  });

  it('pages the log by keyset, newest first, and logs the reading', async () => {
    for (const name of ['Een', 'Twee', 'Drie']) await admin.post('/api/person', newPersonBody(name));
    const first = (await admin.get('/api/log?action=C&limit=2')).json<LogPage>();
    expect(first.Rows).toHaveLength(2);
    expect(first.NextCursor).toBeTruthy();
    const second = (await admin.get(`/api/log?action=C&limit=2&cursor=${first.NextCursor}`)).json<LogPage>();
    expect(second.Rows.length).toBeGreaterThanOrEqual(1);
    const ids = [...first.Rows, ...second.Rows].map((r) => r.EventId);
    expect(new Set(ids).size).toBe(ids.length);
    const times = [...first.Rows, ...second.Rows].map((r) => r.EventAt);
    expect(times).toEqual([...times].sort().reverse());

    const reads = (
      await admin.get(`/api/log?objectType=audit_log&userId=${admin.account.Id}`)
    ).json<LogPage>();
    expect(reads.Rows.length).toBeGreaterThanOrEqual(2);
    expect(reads.Rows.every((r) => r.Action === 'R' && r.Username === 'beheerder')).toBe(true);
  });

  it('exports the filtered log as CSV, and logs the export', async () => {
    const res = await admin.get('/api/log/export?action=C');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="logboek-/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'EventId,EventAt,Action,Outcome,UserId,Username,Role,EntityId,EntityName,ResponsibleUserId,Ip,ObjectType,ObjectId,PatientId,Detail',
    );
    expect(lines.length).toBeGreaterThanOrEqual(4);
    expect(lines.slice(1).every((line) => line.split(',')[2] === 'C')).toBe(true);
    const exports = (await admin.get('/api/log?action=E&objectType=audit_log')).json<LogPage>();
    expect(exports.Rows[0]).toMatchObject({ Username: 'beheerder', Detail: { format: 'csv' } });
  });

  it('shows dashboard tiles by permission', async () => {
    await postToken(t.app, {
      grant_type: 'password',
      client_id: 1,
      product_id: 1,
      username: 'beheerder',
      password: 'x',
    });
    const tiles = (await admin.get('/api/dashboard')).json<Dashboard>().Tiles;
    const byKey = Object.fromEntries(tiles.map((tile) => [tile.Key, tile.Value]));
    expect(Object.keys(byKey)).toEqual(
      expect.arrayContaining(['persons', 'activeAccounts', 'loginsToday', 'failedLoginsToday']),
    );
    expect(byKey.persons).toBe((await persons('pageSize=1')).Total);
    expect(byKey.loginsToday).toBeGreaterThanOrEqual(1);
    expect(byKey.failedLoginsToday).toBeGreaterThanOrEqual(1);
    const nurse = await apiAs(t.app, 'verpleegkundige');
    const nurseTiles = (await nurse.get('/api/dashboard')).json<Dashboard>().Tiles;
    // Staff counts are for who manages persons; the nurse sees her own work instead, her rounds first
    // (then the other areas' tiles: the demo's critical INR value, orders, rolls, messages).
    const nurseKeys = [...new Set(nurseTiles.map((tile) => tile.Key))];
    expect(nurseKeys.slice(0, 3)).toEqual(['roundsOpen', 'roundsLate', 'roundsAwaitingCheck']);
    expect(nurseKeys).toContain('inrCritical');
    for (const staffKey of ['persons', 'activeAccounts', 'loginsToday', 'failedLoginsToday'])
      expect(nurseKeys).not.toContain(staffKey);
  });
});
