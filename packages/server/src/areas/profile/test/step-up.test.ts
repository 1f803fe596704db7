import type { Profile } from '@zorgportaal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, notMeTokens } from '../../../schema.ts';
import { DEMO_PASSWORD } from '../../../seed/demo-data.ts';
import {
  TWEESTAPS_SECRET,
  codeAt,
  freshIp,
  loginForm,
  mailText,
  postForm,
  waitFor,
  wrongCode,
} from '../../../../test/helpers/account-security.ts';
import { auditRows } from '../../../../test/helpers/audit.ts';
import { bearer, login, tokenForm } from '../../../../test/helpers/login.ts';
import { type ReceivedMail, startSmtp } from '../../../../test/helpers/smtp.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

/**
 * Step-up for account-changing actions (security.md "Step-up"): the e-mail addresses, the password,
 * 2FA and the IP allow-list change only with the current password (and the code when 2FA is on),
 * never with a bearer token alone. An address change mails the previous address a "dit was ik niet"
 * link that ends every session.
 */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let received: ReceivedMail[];
beforeAll(async () => {
  smtp = await startSmtp();
  received = smtp.received;
  t = await buildTestApp({ config: { smtpUrl: smtp.url, publicUrl: 'https://portaal.example' } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

type Session = Awaited<ReturnType<typeof login>>;
const as = (session: Session, remoteAddress = '127.0.0.1') => ({
  token: session.access_token,
  call: (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      remoteAddress,
      headers: bearer(session.access_token),
      ...(payload ? { payload } : {}),
    }),
});

const profileBody = (profile: Profile, extra: object = {}) => ({
  NameInformation: profile.NameInformation,
  DateOfBirth: profile.DateOfBirth,
  EmailAddress: profile.EmailAddress,
  ...extra,
});

const expectStepUpRefused = (res: { statusCode: number; json: () => unknown }, status: 400 | 401) => {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject({
    ...(status === 401 ? { Code: 'INVALID_CREDENTIALS' } : {}),
    Fields: { current_password: expect.any(String) },
  });
};

describe('step-up: a token alone changes no e-mail address, password, 2FA or IP list', () => {
  it('refuses each of the four without the current password (400) and with a wrong one (401)', async () => {
    const me = as(await login(t.app, 'verpleegkundige'));
    const profile = (await me.call('GET', '/api/account/profile')).json<Profile>();
    const moved = profileBody(profile, { EmailAddress: ['dief@example.org'] });
    expectStepUpRefused(await me.call('PUT', '/api/account/profile', moved), 400);
    expectStepUpRefused(
      await me.call('PUT', '/api/account/profile', { ...moved, current_password: 'fout-fout-fout' }),
      401,
    );
    const entry = { Ip: '127.0.0.1', ProductId: 1 };
    expectStepUpRefused(await me.call('POST', '/api/account/ips', entry), 400);
    expectStepUpRefused(
      await me.call('POST', '/api/account/ips', { ...entry, current_password: 'fout-fout-fout' }),
      401,
    );
    await me.call('GET', '/api/account/2fa/generate');
    expectStepUpRefused(await me.call('POST', '/api/account/2fa', { totp: '123456' }), 400);
    expectStepUpRefused(
      await me.call('POST', '/api/account/2fa', { totp: '123456', current_password: 'fout-fout-fout' }),
      401,
    );
    // The password change took the current password already; the rule is the same there.
    const password = await t.app.inject({
      method: 'POST',
      url: '/api/auth/passwordreset',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...bearer(me.token) },
      payload: tokenForm({
        account_id: (await me.call('GET', '/api/account')).json<{ Id: number }>().Id,
        current_password: 'fout-fout-fout',
        password: 'Paarse-olifant-fietst-2026',
        password_confirmation: 'Paarse-olifant-fietst-2026',
      }),
    });
    expectStepUpRefused(password, 401);

    // Nothing changed.
    expect((await me.call('GET', '/api/account/profile')).json<Profile>().EmailAddress).toEqual(
      profile.EmailAddress,
    );
    expect((await me.call('GET', '/api/account/ips/1')).json()).toEqual([]);
    expect((await me.call('GET', '/api/account/2fa')).json()).toEqual({ Enabled: false });
    // A name change alone needs no step-up.
    const renamed = await me.call(
      'PUT',
      '/api/account/profile',
      profileBody(profile, { DateOfBirth: '1980-01-02' }),
    );
    expect(renamed.statusCode).toBe(200);
    const failures = await auditRows(t, { outcome: 'failure', username: 'verpleegkundige' });
    expect(failures.filter((a) => a.detail?.reason === 'step_up_wrong_current_password')).toHaveLength(3);
  });

  it('counts wrong current passwords like logins: the tenth is a 429', async () => {
    const me = as(await login(t.app, 'assistent'));
    const wrong = () =>
      me.call('POST', '/api/account/ips', {
        Ip: '127.0.0.1',
        ProductId: 1,
        current_password: 'geraden-wachtwoord',
      });
    for (let i = 1; i < 10; i++) expect((await wrong()).statusCode).toBe(401);
    expect((await wrong()).statusCode).toBe(429);
    // Locked: even the right password is not tried now, and the login of that account is locked too.
    const right = await me.call('POST', '/api/account/ips', {
      Ip: '127.0.0.1',
      ProductId: 1,
      current_password: DEMO_PASSWORD,
    });
    expect(right.statusCode).toBe(429);
    expect((await postForm(t.app, '/oauth/token', loginForm('assistent'))).statusCode).toBe(429);
  });

  it('asks a 2FA account for a current code as well (400 missing, 422 wrong)', async () => {
    const [row] = await t.db.select().from(accounts).where(eq(accounts.username, 'tweestaps'));
    const ch = await postForm(t.app, '/oauth/2fa', loginForm('tweestaps'));
    const twofa_uuid = ch.json<{ data: { twofa_uuid: string } }>().data.twofa_uuid;
    const tokens = await postForm(
      t.app,
      '/oauth/token',
      loginForm('tweestaps', undefined, { totp: codeAt(TWEESTAPS_SECRET), account_id: row!.id, twofa_uuid }),
    );
    expect(tokens.statusCode).toBe(200);
    const me = as(tokens.json<Session>());
    const profile = (await me.call('GET', '/api/account/profile')).json<Profile>();
    const moved = profileBody(profile, {
      EmailAddress: ['nieuw-adres@example.org'],
      current_password: DEMO_PASSWORD,
    });
    const noCode = await me.call('PUT', '/api/account/profile', moved);
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json()).toMatchObject({ Fields: { totp: expect.any(String) } });
    const badCode = await me.call('PUT', '/api/account/profile', {
      ...moved,
      totp: wrongCode(TWEESTAPS_SECRET),
    });
    expect(badCode.statusCode).toBe(422);
    expect(badCode.json()).toMatchObject({ Code: '2FA_INVALID', Fields: { totp: expect.any(String) } });
    // The login used this step's code; the next step's code is still unused.
    const ok = await me.call('PUT', '/api/account/profile', {
      ...moved,
      totp: codeAt(TWEESTAPS_SECRET, Date.now() + 30_000),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<Profile>().EmailAddress).toEqual(['nieuw-adres@example.org']);

    // The settings' password change of a 2FA account needs the code too.
    const password = await t.app.inject({
      method: 'POST',
      url: '/api/auth/passwordreset',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...bearer(me.token) },
      payload: tokenForm({
        account_id: row!.id,
        current_password: DEMO_PASSWORD,
        password: 'Paarse-olifant-fietst-2026',
        password_confirmation: 'Paarse-olifant-fietst-2026',
      }),
    });
    expect(password.statusCode).toBe(400);
    expect(password.json()).toMatchObject({ Fields: { totp: expect.any(String) } });
  });
});

describe('e-mail change notice and "dit was ik niet"', () => {
  it('mails the old address a single-use link that ends every session of the account', async () => {
    const first = await login(t.app, 'beheerder');
    const second = await login(t.app, 'beheerder');
    const me = as(first);
    const profile = (await me.call('GET', '/api/account/profile')).json<Profile>();
    const [oldAddress] = profile.EmailAddress;
    expect(oldAddress).toBeDefined();
    const before = received.length;
    const changed = await me.call(
      'PUT',
      '/api/account/profile',
      profileBody(profile, { EmailAddress: ['overgenomen@example.org'], current_password: DEMO_PASSWORD }),
    );
    expect(changed.statusCode).toBe(200);
    const mail = await waitFor(async () => received.slice(before).find((m) => m.to.includes(oldAddress!)));
    const text = mailText(mail.raw);
    expect(text).toContain('gewijzigd');
    expect(text).toContain('overgenomen@example.org');
    const token = /https:\/\/portaal\.example\/not-me\/([\w-]+)/.exec(text)![1]!;

    // Only the hash is stored.
    const stored = await t.db.select().from(notMeTokens);
    expect(stored.length).toBeGreaterThan(0);
    expect(JSON.stringify(stored)).not.toContain(token);

    expect((await me.call('GET', '/api/account')).statusCode).toBe(200);
    const notMe = (body: object) =>
      t.app.inject({ method: 'POST', url: '/api/account/not-me', remoteAddress: freshIp(), payload: body });
    const used = await notMe({ token });
    expect(used.statusCode).toBe(200);
    expect(used.json()).toEqual({ message: expect.any(String) });
    for (const session of [first, second]) {
      expect((await as(session).call('GET', '/api/account')).statusCode).toBe(401);
      const refresh = await postForm(t.app, '/oauth/token', {
        grant_type: 'refresh_token',
        client_id: 1,
        product_id: 0,
        refresh_token: session.refresh_token,
      });
      expect(refresh.statusCode).toBe(401);
    }
    // Single use; an unknown token is the same 400 naming the field.
    for (const again of [{ token }, { token: 'onbekend' }]) {
      const res = await notMe(again);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ Fields: { token: expect.any(String) } });
    }
    const audit = await auditRows(t, { objectType: 'not_me' });
    expect(audit.map((a) => a.outcome).sort()).toEqual(['failure', 'failure', 'success']);
    expect(audit.find((a) => a.outcome === 'success')).toMatchObject({
      username: 'beheerder',
      detail: { revokedSessions: 2 },
    });
  });

  it('expires after 7 days', async () => {
    const me = as(await login(t.app, 'verpleegkundige'));
    const profile = (await me.call('GET', '/api/account/profile')).json<Profile>();
    const before = received.length;
    const res = await me.call(
      'PUT',
      '/api/account/profile',
      profileBody(profile, {
        EmailAddress: [...profile.EmailAddress, 'extra@example.org'],
        current_password: DEMO_PASSWORD,
      }),
    );
    expect(res.statusCode).toBe(200);
    const mail = await waitFor(async () => received[before]);
    const token = /not-me\/([\w-]+)/.exec(mailText(mail.raw))![1]!;
    await t.db.update(notMeTokens).set({ expiresAt: new Date(Date.now() - 60_000) });
    const late = await t.app.inject({ method: 'POST', url: '/api/account/not-me', payload: { token } });
    expect(late.statusCode).toBe(400);
    expect((await me.call('GET', '/api/account')).statusCode).toBe(200);
  });
});

describe('PUT /api/account/profile is strict', () => {
  it('answers 400 naming Roles, EntityId, Username and any unknown field', async () => {
    const me = as(await login(t.app, 'apotheker'));
    const profile = (await me.call('GET', '/api/account/profile')).json<Profile>();
    for (const field of ['Roles', 'EntityId', 'Username', 'Iets']) {
      const res = await me.call('PUT', '/api/account/profile', profileBody(profile, { [field]: 1 }));
      expect(res.statusCode, field).toBe(400);
      expect(res.json<{ Fields: Record<string, string> }>().Fields).toHaveProperty(field);
    }
  });
});
