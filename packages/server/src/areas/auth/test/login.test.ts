import { MASKED_PASSWORD, type TokenResponse } from '@zorgportaal/contract';
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../schema.ts';
import { postToken } from '../../../../test/helpers/login.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

const form = (username: string, password: string) => ({
  grant_type: 'password',
  client_id: 1,
  product_id: 1,
  username,
  password,
});

describe('POST /oauth/token, grant_type=password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('logs in and answers with tokens, the Account (masked password, no hash) and Permissions', async () => {
    const res = await postToken(t.app, form('apotheker', 'Welkom-demo-2026'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json<TokenResponse>();
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 900 });
    expect(body.access_token).toMatch(/^[\w-]{43}$/);
    expect(body.refresh_token).not.toBe(body.access_token);
    expect(body.Account).toMatchObject({
      Username: 'apotheker',
      Password: MASKED_PASSWORD,
      Active: true,
      Deleted: false,
      EmailAddress: ['apotheker@zorgportaal.example'],
      EmployeeNumber: 'L-1001',
      AccountSubscription: [{ ProductId: 1, Start: null, End: null }],
      Person: {
        NameInformation: { FirstNames: 'Marieke', LastName: { Prefix: 'van der', LastName: 'Linden' } },
      },
    });
    expect(body.Account.Roles.map((r) => r.Name)).toEqual(['Apotheker', 'Beheerder']);
    expect(body.Permissions).toContainEqual({ name: 'settings.manage' });
    expect(body.Account.Permissions).toEqual(body.Permissions);
    expect(res.body).not.toMatch(/argon2/);
  });

  it('accepts the username in any case and records last_login', async () => {
    const res = await postToken(t.app, form('Verpleegkundige', 'Welkom-demo-2026'));
    expect(res.statusCode).toBe(200);
    expect(res.json<TokenResponse>().Account.LastLogin).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('gives a wrong password and an unknown user the same 401 body', async () => {
    const wrong = await postToken(t.app, form('apotheker', 'fout-wachtwoord'));
    const unknown = await postToken(t.app, form('niemand', 'fout-wachtwoord'));
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toMatchObject({ Code: 'INVALID_CREDENTIALS', error: 'invalid_grant' });
    expect(wrong.headers['cache-control']).toBe('no-store');
  });

  it('sends nieuw to the password change (403 pwchange_required with the account id)', async () => {
    const res = await postToken(t.app, form('nieuw', 'Welkom-demo-2026'));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      Action: 'pwchange_required',
      error: 'access_denied',
      account_id: expect.any(Number),
    });
  });

  it('asks tweestaps for the second factor (403 2fa_required)', async () => {
    const res = await postToken(t.app, form('tweestaps', 'Welkom-demo-2026'));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      Action: '2fa_required',
      error: 'access_denied',
      account_id: expect.any(Number),
    });
  });

  it('refuses an unknown product with 403 no_access', async () => {
    const res = await postToken(t.app, { ...form('apotheker', 'Welkom-demo-2026'), product_id: 7 });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ Action: 'no_access', Code: 'CANT_ACCESS_PRODUCT' });
  });

  it('refuses another client_id and names a missing field', async () => {
    expect((await postToken(t.app, { ...form('apotheker', 'x'), client_id: 2 })).statusCode).toBe(401);
    const missing = await postToken(t.app, { grant_type: 'password', client_id: 1, username: 'apotheker' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().Fields).toHaveProperty('password');
  });

  it('writes audit_log rows for successful and failed logins', async () => {
    const rows = await t.db.select().from(auditLog).orderBy(desc(auditLog.id));
    const logins = rows.filter((r) => r.objectType === 'login');
    expect(
      logins.some(
        (r) => r.outcome === 'success' && r.username === 'apotheker' && r.action === 'E' && r.entityId === 1,
      ),
    ).toBe(true);
    expect(logins.some((r) => r.outcome === 'failure' && r.username === 'niemand' && r.userId === null)).toBe(
      true,
    );
    expect(logins.every((r) => r.eventAt instanceof Date && r.eventId.length === 36)).toBe(true);
  });
});
