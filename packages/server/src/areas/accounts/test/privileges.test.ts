import type { Account, AccountLookups, Person } from '@zorgportaal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../../schema.ts';
import { type Api, apiAs } from '../../../../test/helpers/api.ts';
import { newPersonBody } from '../../../../test/helpers/persons.ts';
import { createLimitedAdmin } from '../../../../test/helpers/limited-admin.ts';
import { entityIdOf } from '../../../../test/helpers/entities.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

describe('account administration: no privilege escalation, no self-lockout', () => {
  let t: TestApp;
  let admin: Api;
  let limited: Api;
  let limitedRole: number;
  const roleId = async (name: string) =>
    (await t.db.select().from(s.roles).where(eq(s.roles.name, name)))[0]!.id;
  const accountId = async (username: string) =>
    (await t.db.select().from(s.accounts).where(eq(s.accounts.username, username)))[0]!.id;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await apiAs(t.app, 'beheerder');
    limitedRole = (await createLimitedAdmin(t, await entityIdOf(t, 'De Berk'))).roleId;
    limited = await apiAs(t.app, 'accountbeheer');
  });
  afterAll(() => t.close());

  it('grants only roles whose permissions the administrator holds (403), and says which', async () => {
    const person = (await limited.post('/api/person', newPersonBody('Escalatie'))).json<Person>();
    const body = { Username: 'escalatie', EmailAddress: ['e@zorg.example'] };
    const res = await limited.post(`/api/account/link/${person.Id}`, {
      ...body,
      RoleIds: [await roleId('Beheerder')],
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().Message).toMatch(/rol Beheerder/);
    expect(await t.db.select().from(s.accounts).where(eq(s.accounts.username, 'escalatie'))).toEqual([]);

    const ok = await limited.post(`/api/account/link/${person.Id}`, {
      ...body,
      RoleIds: [limitedRole],
    });
    expect(ok.statusCode).toBe(201);
    const escalate = await limited.put(`/api/account/${ok.json<Account>().Id}`, {
      RoleIds: [limitedRole, await roleId('Apotheker')],
    });
    expect(escalate.statusCode).toBe(403);
  });

  it('cannot manage an account that holds more than the administrator', async () => {
    const beheerder = await accountId('beheerder');
    for (const [method, url, body] of [
      ['PUT', `/api/account/${beheerder}`, { EmailAddress: ['overname@example.org'] }],
      ['POST', `/api/account/${beheerder}/deactivate`, undefined],
      ['POST', `/api/account/${beheerder}/reset2fa`, undefined],
      ['POST', `/api/account/${beheerder}/sendpasswordmail`, undefined],
    ] as const) {
      expect((await limited.call(method, url, body)).statusCode).toBe(403);
    }
    const [row] = await t.db.select().from(s.accounts).where(eq(s.accounts.id, beheerder));
    expect(row).toMatchObject({ active: true, emailAddresses: ['beheerder@zorgportaal.example'] });
  });

  it('marks the roles the caller cannot grant in the lookups', async () => {
    const lookups = (await limited.get('/api/accounts/lookups')).json<AccountLookups>();
    const grantable = lookups.Roles.filter((r) => r.Grantable).map((r) => r.Name);
    expect(grantable).toContain('Accountbeheer');
    expect(grantable).not.toContain('Beheerder');
  });

  it('refuses to deactivate or demote the own account (422)', async () => {
    const own = admin.account.Id;
    const deactivate = await admin.put(`/api/account/${own}`, { Active: false });
    expect(deactivate.statusCode).toBe(422);
    expect(deactivate.json().Fields.Active).toBe('U kunt uw eigen account niet deactiveren.');
    expect((await admin.post(`/api/account/${own}/deactivate`)).statusCode).toBe(422);
    const demote = await admin.put(`/api/account/${own}`, {
      RoleIds: [await roleId('Verpleegkundige')],
    });
    expect(demote.statusCode).toBe(422);
    expect(demote.json().Fields.RoleIds).toBe('U kunt uw eigen rechten niet verlagen.');
    const past = await admin.put(`/api/account/${own}`, {
      AccountActivePeriod: { Start: null, End: '2020-01-01T00:00:00Z' },
    });
    expect(past.statusCode).toBe(422);
    // Adding a role to oneself is fine (nothing is lost) — and still limited to grantable roles.
    const keep = await admin.put(`/api/account/${own}`, {
      RoleIds: [await roleId('Beheerder'), await roleId('Verpleegkundige')],
    });
    expect(keep.statusCode).toBe(200);
    const [row] = await t.db.select().from(s.accounts).where(eq(s.accounts.id, own));
    expect(row!.active).toBe(true);
  });
});
