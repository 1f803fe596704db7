import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountIpAllowList, accounts } from '../../../schema.ts';
import { auditRows } from '../../../../test/helpers/audit.ts';
import { bearer, login } from '../../../../test/helpers/login.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

/**
 * A user who locked themselves out of the IP allow-list is let back in by their Beheerder
 * (security.md "IP allow-list"): list and clear the entries of an account of the own organisation.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const accountOf = async (username: string) =>
  (await t.db.select().from(accounts).where(eq(accounts.username, username)))[0]!;

describe("a Beheerder lists and clears an account's IP allow-list", () => {
  it('lists and clears within the own organisation; another organisation is 404 and refused', async () => {
    const nurse = await accountOf('verpleegkundige');
    const session = await login(t.app, 'verpleegkundige');
    const asNurse = (remoteAddress: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/account',
        remoteAddress,
        headers: bearer(session.access_token),
      });
    expect((await asNurse('192.0.2.44')).statusCode).toBe(200);
    // Locked out: the only entry is an address the nurse is no longer at (written as the old code allowed).
    await t.db.insert(accountIpAllowList).values([
      {
        accountId: nurse.id,
        entityId: nurse.entityId,
        productId: 1,
        ip: '203.0.113.0/24',
        description: 'Oud kantoor',
      },
      { accountId: nurse.id, entityId: nurse.entityId, productId: 2, ip: '203.0.113.7' },
    ]);
    await t.app.callerCache.forgetAccount(nurse.id);
    expect((await asNurse('192.0.2.44')).statusCode).toBe(403);

    const admin = await login(t.app, 'beheerder');
    const call = (method: 'GET' | 'DELETE', id: number, token = admin.access_token) =>
      t.app.inject({ method, url: `/api/accounts/${id}/ips`, headers: bearer(token) });
    const listed = await call('GET', nurse.id);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([
      expect.objectContaining({ Ip: '203.0.113.0/24', ProductId: 1, Description: 'Oud kantoor' }),
      expect.objectContaining({ Ip: '203.0.113.7', ProductId: 2 }),
    ]);

    // Another organisation's account, an unknown id, and a user without accounts.write.
    const foreign = await accountOf('apotheker');
    expect((await call('GET', foreign.id)).statusCode).toBe(404);
    expect((await call('DELETE', foreign.id)).statusCode).toBe(404);
    expect((await call('DELETE', 999_999)).statusCode).toBe(404);
    const other = await login(t.app, 'assistent');
    expect((await call('DELETE', nurse.id, other.access_token)).statusCode).toBe(403);
    expect(
      await t.db.select().from(accountIpAllowList).where(eq(accountIpAllowList.accountId, foreign.id)),
    ).toEqual([]);

    const cleared = await call('DELETE', nurse.id);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toEqual({ message: expect.any(String) });
    expect((await call('GET', nurse.id)).json()).toEqual([]);
    // The nurse's cached session is re-read: it works from anywhere again at once.
    expect((await asNurse('192.0.2.44')).statusCode).toBe(200);

    const audit = await auditRows(t, { objectType: 'ip_allow_list', username: 'beheerder' });
    expect(audit.map((a) => `${a.action}:${a.outcome}`).sort()).toEqual([
      'D:success',
      'R:success',
      'R:success',
    ]);
    expect(audit.find((a) => a.action === 'D')).toMatchObject({
      objectId: String(nurse.id),
      detail: {
        cleared: [
          { ip: '203.0.113.0/24', productId: 1 },
          { ip: '203.0.113.7', productId: 2 },
        ],
      },
    });
    const refused = await auditRows(t, { outcome: 'refused', username: 'beheerder' });
    expect(refused.map((a) => `${a.action}:${a.objectId}`).sort()).toEqual([
      `D:${foreign.id}`,
      'D:999999',
      `R:${foreign.id}`,
    ]);
  });
});
