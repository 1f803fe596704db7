import { randomUUID } from 'node:crypto';
import type { TokenResponse } from '@zorgportaal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, totpEnrolments, twofaChallenges } from '../../../schema.ts';
import {
  TWEESTAPS_SECRET,
  codeAt,
  loginForm,
  postForm,
  wrongCode,
} from '../../../../test/helpers/account-security.ts';
import { auditRows } from '../../../../test/helpers/audit.ts';
import { bearer, login } from '../../../../test/helpers/login.ts';
import { DEMO_PASSWORD } from '../../../seed/demo-data.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function challenge(username: string): Promise<string> {
  const res = await postForm(t.app, '/oauth/2fa', loginForm(username));
  expect(res.statusCode).toBe(200);
  return res.json<{ data: { twofa_uuid: string } }>().data.twofa_uuid;
}

const withCode = (accountId: number, uuid: string, totp: string) =>
  loginForm('tweestaps', undefined, { account_id: accountId, twofa_uuid: uuid, totp });

describe('2FA at login (tweestaps)', () => {
  it('asks for the code, then logs in with a code computed from the seeded secret; a replay is refused', async () => {
    const first = await postForm(t.app, '/oauth/token', loginForm('tweestaps'));
    expect(first.statusCode).toBe(403);
    const { account_id: accountId } = first.json<{ account_id: number }>();
    expect(first.json()).toMatchObject({ Action: '2fa_required', error: 'access_denied' });

    const uuid = await challenge('tweestaps');
    expect(uuid).toMatch(/^[0-9a-f-]{36}$/);
    const wrong = await postForm(
      t.app,
      '/oauth/token',
      withCode(accountId, uuid, wrongCode(TWEESTAPS_SECRET)),
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ Code: '2FA_INVALID', error: 'invalid_grant' });

    const code = codeAt(TWEESTAPS_SECRET);
    // A wrong code does not use up the challenge: the user may correct a typo.
    const ok = await postForm(t.app, '/oauth/token', withCode(accountId, uuid, code));
    expect(ok.statusCode).toBe(200);
    expect(ok.json<TokenResponse>().Account.Username).toBe('tweestaps');

    const replay = await postForm(
      t.app,
      '/oauth/token',
      withCode(accountId, await challenge('tweestaps'), code),
    );
    expect(replay.statusCode).toBe(422);
    // The used challenge is spent, even with a code that would otherwise be fine.
    const next = codeAt(TWEESTAPS_SECRET, Date.now() + 30_000);
    const reused = await postForm(t.app, '/oauth/token', withCode(accountId, uuid, next));
    expect(reused.statusCode).toBe(422);

    const rows = await auditRows(t, { userId: accountId });
    const reasons = rows.map((r) => `${r.objectType}:${r.outcome}:${String(r.detail?.reason ?? '')}`);
    expect(reasons).toEqual(
      expect.arrayContaining([
        'login:success:',
        'login:failure:totp_invalid',
        'login:failure:totp_replay',
        'login:failure:challenge_invalid',
      ]),
    );
  });

  it('refuses an unknown, expired or another account id with 422', async () => {
    const [row] = await t.db.select().from(accounts).where(eq(accounts.username, 'tweestaps'));
    const code = codeAt(TWEESTAPS_SECRET, Date.now() + 30_000);
    const unknown = await postForm(t.app, '/oauth/token', withCode(row!.id, randomUUID(), code));
    expect(unknown.statusCode).toBe(422);
    const notUuid = await postForm(t.app, '/oauth/token', withCode(row!.id, 'abc', code));
    expect(notUuid.statusCode).toBe(422);
    const uuid = await challenge('tweestaps');
    const otherAccount = await postForm(t.app, '/oauth/token', withCode(row!.id + 1, uuid, code));
    expect(otherAccount.statusCode).toBe(422);
    await t.db
      .update(twofaChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(twofaChallenges.id, uuid));
    const expired = await postForm(t.app, '/oauth/token', withCode(row!.id, uuid, code));
    expect(expired.statusCode).toBe(422);
  });

  it('POST /oauth/2fa verifies the password and needs 2FA to be on', async () => {
    const wrong = await postForm(t.app, '/oauth/2fa', loginForm('tweestaps', 'verkeerd-wachtwoord'));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ Code: 'INVALID_CREDENTIALS' });
    const without = await postForm(t.app, '/oauth/2fa', loginForm('verpleegkundige'));
    expect(without.statusCode).toBe(400);
  });
});

describe('2FA settings (anker)', () => {
  it('generates a pending secret, enables with a right code, and disables with a fresh one', async () => {
    const { access_token } = await login(t.app, 'anker');
    const auth = bearer(access_token);
    const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });

    expect((await call('GET', '/api/account/2fa')).json()).toEqual({ Enabled: false });
    const gen = await call('GET', '/api/account/2fa/generate');
    expect(gen.statusCode).toBe(200);
    const { Secret, OtpauthUrl, QrCode } = gen.json<{ Secret: string; OtpauthUrl: string; QrCode: string }>();
    expect(Secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(OtpauthUrl).toMatch(/^otpauth:\/\/totp\/Zorgportaal:anker\?/);
    expect(OtpauthUrl).toContain('issuer=Zorgportaal');
    expect(QrCode).toMatch(/^data:image\/png;base64,/);
    const [pending] = await t.db.select().from(totpEnrolments);
    expect(pending!.secretSealed).not.toContain(Secret);

    const current_password = DEMO_PASSWORD;
    expect(
      (await call('POST', '/api/account/2fa', { totp: wrongCode(Secret), current_password })).statusCode,
    ).toBe(422);
    expect((await call('POST', '/api/account/2fa', { totp: 'abc', current_password })).statusCode).toBe(400);
    const code = codeAt(Secret);
    const on = await call('POST', '/api/account/2fa', { totp: code, current_password });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ Enabled: true });
    expect((await call('GET', '/api/account/2fa')).json()).toEqual({ Enabled: true });
    expect((await call('GET', '/api/account/2fa/generate')).statusCode).toBe(409);
    const loginNow = await postForm(t.app, '/oauth/token', loginForm('anker'));
    expect(loginNow.json()).toMatchObject({ Action: '2fa_required' });

    // The code that switched it on is used: it cannot switch it off again.
    expect((await call('DELETE', '/api/account/2fa', { totp: code, current_password })).statusCode).toBe(422);
    const off = await call('DELETE', '/api/account/2fa', {
      totp: codeAt(Secret, Date.now() + 30_000),
      current_password,
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ Enabled: false });
    const [row] = await t.db.select().from(accounts).where(eq(accounts.username, 'anker'));
    expect(row).toMatchObject({ totpEnabled: false, totpSecretEncrypted: null });

    const audit = await auditRows(t, { objectType: 'two_factor', userId: row!.id });
    expect(audit.map((a) => `${a.outcome}:${String(a.detail?.enabled ?? a.detail?.reason)}`)).toEqual(
      expect.arrayContaining([
        'success:true',
        'success:false',
        'failure:true',
        'failure:step_up_totp_replay',
      ]),
    );
  });
});
