import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountIpAllowList, accounts, mailOutbox } from '../../../schema.ts';
import { DEMO_PASSWORD } from '../../../seed/demo-data.ts';
import {
  TWEESTAPS_SECRET,
  codeAt,
  freshIp,
  loginForm,
  postForm,
  waitFor,
} from '../../../../test/helpers/account-security.ts';
import { auditRows } from '../../../../test/helpers/audit.ts';
import { bearer, login, tokenForm } from '../../../../test/helpers/login.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

/** No SMTP_URL in this file: forgotten-password mail lands in the log and the mail_outbox table. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const NEW_PASSWORD = 'Paarse-olifant-fietst-2026';
const change = (
  fields: Record<string, string | number>,
  headers: Record<string, string> = {},
  remoteAddress = freshIp(),
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/passwordreset',
    remoteAddress,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: tokenForm(fields),
  });

describe('forced password change (nieuw)', () => {
  it('403 pwchange_required → 401 wrong current → 422 per field → success → log in with the new password', async () => {
    const first = await postForm(t.app, '/oauth/token', loginForm('nieuw'));
    expect(first.statusCode).toBe(403);
    const { account_id, Action } = first.json<{ account_id: number; Action: string }>();
    expect(Action).toBe('pwchange_required');
    const form = (current: string, password: string, confirmation = password) => ({
      account_id,
      current_password: current,
      password,
      password_confirmation: confirmation,
    });

    const wrong = await change(form('niet-het-wachtwoord', NEW_PASSWORD));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({
      Code: 'INVALID_CREDENTIALS',
      Fields: { current_password: expect.any(String) },
    });
    const short = await change(form(DEMO_PASSWORD, 'kort'));
    expect(short.statusCode).toBe(422);
    expect(short.json()).toMatchObject({ Fields: { password: expect.stringContaining('12 tekens') } });
    const common = await change(form(DEMO_PASSWORD, 'qwerty123456'));
    expect(common.statusCode).toBe(422);
    expect(Object.keys(common.json<{ Fields: object }>().Fields)).toEqual(['password']);
    const mismatch = await change(form(DEMO_PASSWORD, NEW_PASSWORD, `${NEW_PASSWORD}!`));
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json()).toMatchObject({
      Fields: { password_confirmation: 'De wachtwoorden komen niet overeen.' },
    });

    // The current password as the new one would make the forced change a no-op.
    const same = await change(form(DEMO_PASSWORD, DEMO_PASSWORD));
    expect(same.statusCode).toBe(422);
    expect(same.json()).toMatchObject({ Fields: { password: expect.stringContaining('ander wachtwoord') } });
    expect(
      (await t.db.select().from(accounts).where(eq(accounts.id, account_id)))[0]!.mustChangePassword,
    ).toBe(true);

    const ok = await change(form(DEMO_PASSWORD, NEW_PASSWORD));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: expect.any(String) });
    const [row] = await t.db.select().from(accounts).where(eq(accounts.id, account_id));
    expect(row!.mustChangePassword).toBe(false);
    expect((await postForm(t.app, '/oauth/token', loginForm('nieuw'))).statusCode).toBe(401);
    const loggedIn = await postForm(t.app, '/oauth/token', loginForm('nieuw', NEW_PASSWORD));
    expect(loggedIn.statusCode).toBe(200);

    const audit = await auditRows(t, { objectType: 'password' });
    expect(audit.map((a) => a.outcome).sort()).toEqual(['failure', 'success']);
  });

  it('without a session only a flagged account may use it', async () => {
    const me = await login(t.app, 'beheerder');
    const res = await change({
      account_id: me.Account.Id,
      current_password: DEMO_PASSWORD,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('forced change of a 2FA account, or from outside the IP allow-list', () => {
  it('needs the code step passed just before, and an allowed address', async () => {
    await t.db.update(accounts).set({ mustChangePassword: true }).where(eq(accounts.username, 'tweestaps'));
    const [row] = await t.db.select().from(accounts).where(eq(accounts.username, 'tweestaps'));
    const form = {
      account_id: row!.id,
      current_password: DEMO_PASSWORD,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    };
    expect((await change(form)).json()).toMatchObject({ Action: '2fa_required' });
    const ch = await postForm(t.app, '/oauth/2fa', loginForm('tweestaps'));
    const twofa_uuid = ch.json<{ data: { twofa_uuid: string } }>().data.twofa_uuid;
    const step = await postForm(
      t.app,
      '/oauth/token',
      loginForm('tweestaps', undefined, { totp: codeAt(TWEESTAPS_SECRET), account_id: row!.id, twofa_uuid }),
    );
    expect(step.json()).toMatchObject({ Action: 'pwchange_required' });
    await t.db
      .insert(accountIpAllowList)
      .values({ accountId: row!.id, entityId: row!.entityId, productId: 1, ip: '198.51.100.0/24' });
    const outside = await change(form, {}, '192.0.2.1');
    expect(outside.json()).toMatchObject({ Action: 'ip_not_allowed' });
    expect((await change(form)).statusCode).toBe(200);
  });
});

describe('password change in the account settings', () => {
  it('keeps the caller session, ends the others, and refuses another account id', async () => {
    const mine = await login(t.app, 'verpleegkundige');
    const other = await login(t.app, 'verpleegkundige');
    const form = {
      account_id: mine.Account.Id,
      current_password: DEMO_PASSWORD,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    };
    expect(
      (await change({ ...form, account_id: mine.Account.Id + 1 }, bearer(mine.access_token))).statusCode,
    ).toBe(403);
    expect((await change(form, bearer('nep-token'))).statusCode).toBe(401);
    const same = await change(
      { ...form, password: DEMO_PASSWORD, password_confirmation: DEMO_PASSWORD },
      bearer(mine.access_token),
    );
    expect(same.statusCode).toBe(422);
    expect(same.json()).toMatchObject({ Fields: { password: expect.stringContaining('ander wachtwoord') } });
    expect((await change(form, bearer(mine.access_token))).statusCode).toBe(200);
    const get = (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/account', headers: bearer(token) });
    expect((await get(mine.access_token)).statusCode).toBe(200);
    expect((await get(other.access_token)).statusCode).toBe(401);
  });
});

describe('forgotten password without SMTP_URL', () => {
  it('writes the mail with the link to the outbox, and answers an unknown address the same', async () => {
    const ask = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/forgotpassword',
        remoteAddress: freshIp(),
        payload: { email },
      });
    const known = await ask('Apotheker@Zorgportaal.example');
    const unknown = await ask('niemand@zorgportaal.example');
    expect(known.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    const mail = await waitFor(
      async () => (await t.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)))[0],
    );
    expect(mail.to).toBe('apotheker@zorgportaal.example');
    expect(mail.text).toMatch(/http:\/\/127\.0\.0\.1\/change-password\/[\w-]{43}/);
    expect(await t.db.select().from(mailOutbox)).toHaveLength(1);
  });
});
