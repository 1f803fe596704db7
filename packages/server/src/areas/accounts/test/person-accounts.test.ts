import type { Account, AccountLookups, AccountPage, Person } from '@zorgportaal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../../schema.ts';
import { type Api, apiAs } from '../../../../test/helpers/api.ts';
import { auditRows } from '../../../../test/helpers/audit.ts';
import { newPersonBody } from '../../../../test/helpers/persons.ts';
import { mailText, postForm, waitFor } from '../../../../test/helpers/account-security.ts';
import { login } from '../../../../test/helpers/login.ts';
import { entityIdOf } from '../../../../test/helpers/entities.ts';
import { type ReceivedMail, startSmtp } from '../../../../test/helpers/smtp.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

let received: ReceivedMail[];
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: TestApp;
let admin: Api;
let roleId: (name: string) => Promise<number>;

beforeAll(async () => {
  smtp = await startSmtp();
  received = smtp.received;
  t = await buildTestApp({
    config: { smtpUrl: smtp.url, publicUrl: 'https://portaal.example' },
  });
  admin = await apiAs(t.app, 'beheerder');
  roleId = async (name) => (await t.db.select().from(s.roles).where(eq(s.roles.name, name)))[0]!.id;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const linkBody = async (username: string) => ({
  Username: username,
  EmailAddress: [`${username}@zorg.example`],
  EmployeeNumber: 'B-9001',
  RoleIds: [await roleId('Verpleegkundige')],
});

describe('POST /api/account/link/{personId}', () => {
  it('creates the account and mails a set-password link that works; no password is ever typed', async () => {
    const person = (await admin.post('/api/person', newPersonBody('Kok'))).json<Person>();
    const res = await admin.post(`/api/account/link/${person.Id}`, await linkBody('jdkok'));
    expect(res.statusCode).toBe(201);
    const account = res.json<Account>();
    expect(account).toMatchObject({ Username: 'jdkok', Active: true, Roles: [{ Name: 'Verpleegkundige' }] });
    expect(account.Permissions.map((p) => p.name)).toContain('persons.read');

    const mail = await waitFor(async () => received.find((m) => m.to.includes('jdkok@zorg.example')));
    const token = /https:\/\/portaal\.example\/change-password\/([\w-]+)/.exec(mailText(mail.raw))?.[1];
    expect(token).toBeTruthy();
    const password = 'Heldere-ochtend-bij-de-Berk-4';
    const reset = await postForm(t.app, '/api/auth/resetforgotpassword', {
      token: token!,
      password,
      password_confirmation: password,
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(t.app, 'jdkok', password)).Account.Username).toBe('jdkok');
    expect(
      (await auditRows(t, { objectType: 'account', objectId: account.Id })).map((e) => e.action),
    ).toEqual(['C']);
  });

  it('refuses a taken username (any case) with 409 naming Username, and a second account', async () => {
    const person = (await admin.post('/api/person', newPersonBody('Dubbel'))).json<Person>();
    const taken = await admin.post(`/api/account/link/${person.Id}`, await linkBody('BEHEERDER'));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().Fields.Username).toBe('Deze gebruikersnaam is al in gebruik.');
    const nurse = (await login(t.app, 'verpleegkundige')).Account.Person!.Id;
    expect((await admin.post(`/api/account/link/${nurse}`, await linkBody('tweede'))).statusCode).toBe(409);
  });

  it('cannot carry a password, permissions or an entity (strict body)', async () => {
    const person = (await admin.post('/api/person', newPersonBody('Strikt'))).json<Person>();
    for (const extra of [
      { Password: 'Geheim-wachtwoord-1' },
      { Permissions: [{ name: 'log.read' }] },
      { Entity: 1 },
    ]) {
      const res = await admin.post(`/api/account/link/${person.Id}`, {
        ...(await linkBody('strikt')),
        ...extra,
      });
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('PUT /api/account/{id} and the account actions', () => {
  it('edits e-mail, teams and groups of the own entity only', async () => {
    const berk = await entityIdOf(t, 'De Berk');
    const anker = await entityIdOf(t, 'Het Anker');
    const [team] = await t.db.insert(s.teams).values({ entityId: berk, name: 'Team Oost' }).returning();
    const [foreign] = await t.db.insert(s.teams).values({ entityId: anker, name: 'Team Anker' }).returning();
    const [group] = await t.db.insert(s.groups).values({ entityId: berk, name: 'Weekend' }).returning();
    const nurse = (await login(t.app, 'verpleegkundige')).Account;
    const res = await admin.put(`/api/account/${nurse.Id}`, {
      EmailAddress: ['fatima@zorg.example', 'f.elamrani@zorg.example'],
      TeamIds: [team!.id],
      GroupsSendTo: [group!.id],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Account>()).toMatchObject({
      EmailAddress: ['fatima@zorg.example', 'f.elamrani@zorg.example'],
      Teams: [{ Name: 'Team Oost' }],
      GroupsSendTo: [{ Name: 'Weekend' }],
      // Not in the body, so unchanged: the demo nurse reads the day shift's messages.
      GroupsReceivesFrom: [{ Name: 'Dagdienst' }],
    });
    const bad = await admin.put(`/api/account/${nurse.Id}`, { TeamIds: [foreign!.id] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Fields.TeamIds).toBe('Onbekend team.');
  });

  it('deactivating revokes every session; reset2fa turns 2FA off', async () => {
    const nurse = await apiAs(t.app, 'verpleegkundige');
    const res = await admin.post(`/api/account/${nurse.account.Id}/deactivate`);
    expect(res.statusCode).toBe(200);
    expect(res.json<Account>().Active).toBe(false);
    expect((await nurse.get('/api/account')).statusCode).toBe(401);
    await expect(login(t.app, 'verpleegkundige')).rejects.toThrow();
    expect((await admin.put(`/api/account/${nurse.account.Id}`, { Active: true })).statusCode).toBe(200);

    const [twoStep] = await t.db.select().from(s.accounts).where(eq(s.accounts.username, 'tweestaps'));
    expect((await admin.post(`/api/account/${twoStep!.id}/reset2fa`)).statusCode).toBe(200);
    const [after] = await t.db.select().from(s.accounts).where(eq(s.accounts.id, twoStep!.id));
    expect(after).toMatchObject({ totpEnabled: false, totpSecretEncrypted: null });
    expect(
      (await auditRows(t, { objectType: 'account_2fa', objectId: twoStep!.id })).map((e) => e.action),
    ).toEqual(['U']);
  });

  it('lists accounts and the form choices', async () => {
    const page = (await admin.get('/api/accounts/?q=tweestaps')).json<AccountPage>();
    expect(page.Rows.map((r) => r.Username)).toEqual(['tweestaps']);
    expect(page.Rows[0]!.Password).toBe('********');
    const lookups = (await admin.get('/api/accounts/lookups')).json<AccountLookups>();
    expect(lookups.Roles.every((r) => r.Grantable)).toBe(true);
    expect(lookups.Teams.map((r) => r.Name)).toEqual(['Team Noord', 'Team Oost', 'Team Zuid']);
    expect(lookups.Groups.map((r) => r.Name)).toEqual(['Dagdienst', 'Nachtdienst', 'Weekend']);
  });
});
