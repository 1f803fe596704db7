import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../../schema.ts';
import {
  TWEESTAPS_SECRET,
  freshIp,
  loginForm,
  postForm,
  wrongCode,
} from '../../../../test/helpers/account-security.ts';
import { auditRows } from '../../../../test/helpers/audit.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const badLogin = (username: string, ip: string) =>
  postForm(t.app, '/oauth/token', loginForm(username, 'helemaal-verkeerd-1'), ip);

/** The 429 every limited call answers: the login error body plus Retry-After. */
function expectTooMany(res: Awaited<ReturnType<typeof badLogin>>) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toMatchObject({
    Code: 'TOO_MANY_ATTEMPTS',
    error: 'slow_down',
    Message: expect.any(String),
  });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
}

describe('brute-force limits', () => {
  it('locks a username after 10 failures (known and unknown alike), from any address', async () => {
    for (const username of ['assistent', 'niemand-bestaat']) {
      const bodies = new Set<string>();
      for (let i = 1; i <= 9; i++) {
        const res = await badLogin(username, freshIp());
        expect(res.statusCode).toBe(401);
        bodies.add(res.body);
      }
      expect(bodies.size).toBe(1);
      expectTooMany(await badLogin(username, freshIp()));
      // Locked: even the right password waits, and the answer does not say whether it was right.
      const right = await postForm(t.app, '/oauth/token', loginForm(username), freshIp());
      expectTooMany(right);
    }
  });

  it('gives a wrong password and an unknown user the same body and a similar time', async () => {
    const time = async (username: string) => {
      const start = performance.now();
      const res = await badLogin(username, freshIp());
      return { ms: performance.now() - start, body: res.body, status: res.statusCode };
    };
    // Alternating samples, compared by their fastest: a busy machine only ever adds time to a sample, so the
    // minimum is each path's own cost. Four failures stay under the account's lockout of ten.
    const known: Awaited<ReturnType<typeof time>>[] = [];
    const unknown: Awaited<ReturnType<typeof time>>[] = [];
    for (let i = 0; i < 4; i++) {
      known.push(await time('centrum'));
      unknown.push(await time('onbekend-centrum'));
    }
    const fastest = (samples: typeof known) => Math.min(...samples.map((s) => s.ms));
    for (const sample of [...known, ...unknown]) {
      expect(sample.status).toBe(401);
      expect(sample.body).toBe(known[0]!.body);
    }
    // Both run one argon2id verification; a missing one would make the unknown case ~10x faster.
    expect(fastest(unknown)).toBeGreaterThan(fastest(known) / 4);
  });

  it("does not lock out a colleague behind the same address after one user's 10 failures", async () => {
    const ip = '203.0.113.66';
    for (let i = 0; i < 9; i++) expect((await badLogin('verpleegkundige', ip)).statusCode).toBe(401);
    expectTooMany(await badLogin('verpleegkundige', ip));
    // User A is locked, from this address and from any other.
    expectTooMany(await postForm(t.app, '/oauth/token', loginForm('verpleegkundige'), ip));
    expectTooMany(await postForm(t.app, '/oauth/token', loginForm('verpleegkundige'), freshIp()));
    // User B on the same (NAT) address logs in, and a wrong password is still an ordinary 401.
    expect((await postForm(t.app, '/oauth/token', loginForm('huisarts'), ip)).statusCode).toBe(200);
    expect((await badLogin('apotheker', ip)).statusCode).toBe(401);
  });

  it('locks an address after 100 failures across usernames', async () => {
    const ip = '203.0.113.77';
    for (let i = 0; i < 99; i++) expect((await badLogin(`gok-${i}`, ip)).statusCode).toBe(401);
    expectTooMany(await badLogin('gok-99', ip));
    expectTooMany(await postForm(t.app, '/oauth/token', loginForm('huisarts'), ip));
    // The same user from elsewhere is not affected.
    expect((await postForm(t.app, '/oauth/token', loginForm('huisarts'), freshIp())).statusCode).toBe(200);
    const denied = await auditRows(t, { ip });
    expect(denied.some((r) => r.outcome === 'denied' && r.detail?.reason === 'too_many_attempts')).toBe(true);
  }, 180_000); // 100 argon2id verifications

  it('limits 2FA codes separately: a correct password does not reset the code counter', async () => {
    const [row] = await t.db.select().from(accounts).where(eq(accounts.username, 'tweestaps'));
    const code = wrongCode(TWEESTAPS_SECRET);
    let last;
    for (let i = 1; i <= 10; i++) {
      const ch = await postForm(t.app, '/oauth/2fa', loginForm('tweestaps'), freshIp());
      expect(ch.statusCode).toBe(200);
      const uuid = ch.json<{ data: { twofa_uuid: string } }>().data.twofa_uuid;
      last = await postForm(
        t.app,
        '/oauth/token',
        loginForm('tweestaps', undefined, { account_id: row!.id, twofa_uuid: uuid, totp: code }),
        freshIp(),
      );
      if (i < 10) expect(last.statusCode).toBe(422);
    }
    expectTooMany(last!);
  });

  it('limits reset-token guesses per address', async () => {
    const ip = '203.0.113.99';
    const guess = () =>
      postForm(
        t.app,
        '/api/auth/resetforgotpassword',
        { token: 'geraden', password: 'x', password_confirmation: 'x' },
        ip,
      );
    // Reset tokens carry no username: only the address counter applies, at the address limit.
    for (let i = 0; i < 99; i++) expect((await guess()).statusCode).toBe(400);
    expectTooMany(await guess());
    expectTooMany(await guess());
  }, 120_000);
});
