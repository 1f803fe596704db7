import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, mailOutbox, passwordResetTokens } from '../../../schema.ts';
import {
  TWEESTAPS_SECRET,
  codeAt,
  freshIp,
  loginForm,
  mailText,
  postForm,
  waitFor,
} from '../../../../test/helpers/account-security.ts';
import { auditRows } from '../../../../test/helpers/audit.ts';
import { bearer } from '../../../../test/helpers/login.ts';
import { type ReceivedMail, startSmtp } from '../../../../test/helpers/smtp.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

let received: ReceivedMail[];
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtp();
  received = smtp.received;
  t = await buildTestApp({
    config: { smtpUrl: smtp.url, publicUrl: 'https://portaal.example' },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const NEW_PASSWORD = 'Zonnige-dinsdag-aan-zee-7';
const forgot = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/forgotpassword',
    remoteAddress: freshIp(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `email=${encodeURIComponent(email)}`,
  });
const reset = (token: string, password: string, confirmation = password) =>
  postForm(
    t.app,
    '/api/auth/resetforgotpassword',
    { token, password, password_confirmation: confirmation },
    freshIp(),
  );

/** Asks for a link and returns the token from the mail the SMTP server received. */
async function linkFromMail(email: string): Promise<string> {
  const before = received.length;
  const res = await forgot(email);
  expect(res.statusCode).toBe(200);
  const mail = await waitFor(async () => received[before]);
  expect(mail.to).toEqual([email]);
  const link = /https:\/\/portaal\.example\/change-password\/([\w-]+)/.exec(mailText(mail.raw));
  expect(link).not.toBeNull();
  return link![1]!;
}

describe('forgotten password over real SMTP', () => {
  it('mails a link; following it sets the password, ends every session, and keeps 2FA on', async () => {
    const [account] = await t.db.select().from(accounts).where(eq(accounts.username, 'tweestaps'));
    const form = (totp?: string, uuid?: string) =>
      loginForm('tweestaps', undefined, totp ? { totp, account_id: account!.id, twofa_uuid: uuid! } : {});
    const uuid = (await postForm(t.app, '/oauth/2fa', form())).json<{ data: { twofa_uuid: string } }>().data
      .twofa_uuid;
    const session = await postForm(t.app, '/oauth/token', form(codeAt(TWEESTAPS_SECRET), uuid));
    expect(session.statusCode).toBe(200);
    const oldToken = session.json<{ access_token: string }>().access_token;

    const token = await linkFromMail('tweestaps@zorgportaal.example');
    const [stored] = await t.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.accountId, account!.id));
    expect(stored!.hash).not.toBe(token);
    expect(stored!.expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 60_000);

    const weak = await reset(token, 'kort');
    expect(weak.statusCode).toBe(422);
    expect(weak.json()).toMatchObject({ Fields: { password: expect.any(String) } });
    const ok = await reset(token, NEW_PASSWORD);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: expect.any(String) });
    const reused = await reset(token, NEW_PASSWORD);
    expect(reused.statusCode).toBe(410);
    expect(reused.json<{ Message: string }>().Message).toMatch(/al gebruikt of verlopen/);
    expect((await reset('onbekend-token', NEW_PASSWORD)).statusCode).toBe(400);

    const me = await t.app.inject({ method: 'GET', url: '/api/account', headers: bearer(oldToken) });
    expect(me.statusCode).toBe(401);
    expect((await postForm(t.app, '/oauth/token', form())).statusCode).toBe(401);
    const step = await postForm(t.app, '/oauth/token', loginForm('tweestaps', NEW_PASSWORD));
    expect(step.json()).toMatchObject({ Action: '2fa_required' });
    const pwForm = (totp?: string, id?: string) =>
      loginForm('tweestaps', NEW_PASSWORD, totp ? { totp, account_id: account!.id, twofa_uuid: id! } : {});
    const id2 = (await postForm(t.app, '/oauth/2fa', pwForm())).json<{ data: { twofa_uuid: string } }>().data
      .twofa_uuid;
    const next = await postForm(
      t.app,
      '/oauth/token',
      pwForm(codeAt(TWEESTAPS_SECRET, Date.now() + 30_000), id2),
    );
    expect(next.statusCode).toBe(200);

    const audit = await auditRows(t, { userId: account!.id });
    const kinds = audit.map((a) => `${a.objectType}:${a.outcome}`);
    expect(kinds).toEqual(
      expect.arrayContaining([
        'password_reset_request:success',
        'password_reset:success',
        'password_reset:failure',
      ]),
    );
  });

  it('answers an unknown address the same, without mail; an expired link is refused', async () => {
    const before = received.length;
    const known = await forgot('centrum@zorgportaal.example');
    const unknown = await forgot('onbekend@zorgportaal.example');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    await waitFor(async () => received[before]);
    await new Promise((r) => setTimeout(r, 200));
    expect(received.length).toBe(before + 1);
    expect(await t.db.select().from(mailOutbox)).toHaveLength(0);

    const token = /change-password\/([\w-]+)/.exec(mailText(received[before]!.raw))![1]!;
    await t.db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await reset(token, NEW_PASSWORD)).statusCode).toBe(410);
  });
});
