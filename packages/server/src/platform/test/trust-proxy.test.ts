import { AUDIT_OBJECTS } from '@zorgportaal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows } from '../../../test/helpers/audit.ts';
import { DEMO_PASSWORD } from '../../seed/demo-data.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

/**
 * Behind a proxy (TRUST_PROXY): the client's address is the one the proxy forwards, so the audit log, the
 * login limits and the IP allow-lists see the user's address and not the proxy's; anyone else's
 * X-Forwarded-For is ignored, so it cannot forge an address. Without the setting nothing is believed.
 */
describe('TRUST_PROXY: the client address behind the proxies in front', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { trustProxy: ['127.0.0.1', '10.20.0.0/16'] } });
  });
  afterAll(() => t.close());

  /** A wrong password from `remoteAddress` that says it forwards for 203.0.113.7: the login entry's IP. */
  const loggedIp = async (remoteAddress: string, username: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      remoteAddress,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-for': '198.51.100.23, 203.0.113.7',
      },
      payload: new URLSearchParams({
        grant_type: 'password',
        client_id: '1',
        product_id: '1',
        username,
        password: `${DEMO_PASSWORD}-wrong`,
      }).toString(),
    });
    expect(res.statusCode).toBe(401);
    const rows = await auditRows(t, { objectType: AUDIT_OBJECTS.login, username });
    return rows.at(-1)?.ip;
  };

  it('takes the forwarded client address from a trusted proxy (an address or a range)', async () => {
    expect(await loggedIp('127.0.0.1', 'verpleegkundige')).toBe('203.0.113.7');
    expect(await loggedIp('10.20.3.4', 'apotheker')).toBe('203.0.113.7');
  });

  it('ignores X-Forwarded-For from anyone else: the address is the connection’s own', async () => {
    expect(await loggedIp('192.0.2.50', 'beheerder')).toBe('192.0.2.50');
  });
});
