import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postForm } from '../../../../test/helpers/account-security.ts';
import { bearer, login } from '../../../../test/helpers/login.ts';
import { DEMO_PASSWORD } from '../../../seed/demo-data.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const LISTED = '127.0.0.2';
const ELSEWHERE = '127.0.0.1';

describe('the IP allow-list on every request', () => {
  it('refuses an existing session, its refresh and its changes from an address not on the list', async () => {
    const older = await login(t.app, 'verpleegkundige');
    const adder = await login(t.app, 'verpleegkundige');
    const get = (url: string, token: string, remoteAddress: string) =>
      t.app.inject({ method: 'GET', url, remoteAddress, headers: bearer(token) });
    // The older session is in use (and so in the caller cache) before the entry exists.
    expect((await get('/api/patients', older.access_token, ELSEWHERE)).statusCode).toBe(200);

    const added = await t.app.inject({
      method: 'POST',
      url: '/api/account/ips',
      remoteAddress: LISTED,
      headers: bearer(adder.access_token),
      payload: { Ip: LISTED, ProductId: 1, current_password: DEMO_PASSWORD },
    });
    expect(added.statusCode).toBe(201);

    const refused = await get('/api/patients', older.access_token, ELSEWHERE);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ Code: 'CANT_ACCESS_PRODUCT', Action: 'ip_not_allowed' });
    expect(refused.body).not.toContain('Patient');
    expect((await get('/api/patients', older.access_token, LISTED)).statusCode).toBe(200);

    const remove = await t.app.inject({
      method: 'DELETE',
      url: `/api/account/ips/${added.json<{ Id: number }>().Id}`,
      remoteAddress: ELSEWHERE,
      headers: bearer(older.access_token),
      payload: { current_password: DEMO_PASSWORD },
    });
    expect(remove.statusCode).toBe(403);
    expect((await get('/api/account/ips/1', adder.access_token, LISTED)).json()).toHaveLength(1);

    const refresh = (remoteAddress: string) =>
      postForm(
        t.app,
        '/oauth/token',
        { grant_type: 'refresh_token', client_id: 1, product_id: 0, refresh_token: older.refresh_token },
        remoteAddress,
      );
    const refreshRefused = await refresh(ELSEWHERE);
    expect(refreshRefused.statusCode).toBe(403);
    expect(refreshRefused.json()).toMatchObject({ Code: 'CANT_ACCESS_PRODUCT', Action: 'ip_not_allowed' });
    expect(refreshRefused.json()).not.toHaveProperty('access_token');
    // The refused attempt did not use up the refresh token: from the listed address it still works.
    const renewed = await refresh(LISTED);
    expect(renewed.statusCode).toBe(200);
    expect((await get('/api/patients', renewed.json().access_token, LISTED)).statusCode).toBe(200);
  });
});
