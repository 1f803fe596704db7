import { AUDIT_OBJECTS, deriveEntityType } from '@zorgportaal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows } from '../../../../test/helpers/audit.ts';
import { bearer, login } from '../../../../test/helpers/login.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

describe('GET /api/management/settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const settingsOf = async (username: string) => {
    const { access_token } = await login(t.app, username);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/management/settings',
      headers: bearer(access_token),
    });
    expect(res.statusCode).toBe(200);
    // Sent as prepared JSON: still typed as JSON and never cached outside the user's own memory.
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    return res.json();
  };

  it.each([
    ['apotheker', 'Apotheek De Linde', 'pharmacy'],
    ['assistent', 'Apotheek De Linde', 'pharmacy'],
    ['verpleegkundige', 'Zorgcentrum De Berk', 'carecenter'],
    ['anker', 'Zorgcentrum Het Anker', 'carecenter'],
    ['centrum', 'Apotheek Centrum', 'pharmacy'],
    ['huisarts', 'Huisartsenpraktijk Linde', 'customer'],
    ['trombose', 'Trombosedienst Midden', 'customer'],
  ])('%s reads the settings of %s, from which the client derives %s', async (username, name, type) => {
    const settings = await settingsOf(username);
    expect(settings).toMatchObject({ Name: name, Type: type, Id: expect.any(Number) });
    expect(deriveEntityType(settings)).toBe(type);
  });

  it('lets a Beheerder change the own entity settings (PUT /api/management/settings/1), identity fields stay', async () => {
    const { access_token } = await login(t.app, 'beheerder');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/management/settings/1',
      headers: bearer(access_token),
      payload: { WelcomeText: 'Welkom bij De Berk', Name: 'Overgenomen', Id: 99 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      Name: 'Zorgcentrum De Berk',
      CareCenter: true,
      WelcomeText: 'Welkom bij De Berk',
      Type: 'carecenter',
    });
    expect(res.json().Id).not.toBe(99);
    // Scoped to the caller's entity: the pharmacy's settings did not change.
    expect(await settingsOf('apotheker')).not.toHaveProperty('WelcomeText');
  });

  it('answers 404 with a refused audit entry for any other id than 1 or the own entity id, and changes nothing', async () => {
    const { access_token } = await login(t.app, 'beheerder');
    const own = (await settingsOf('beheerder')).Id as number;
    const linde = (await settingsOf('apotheker')).Id as number;
    const put = (id: number, WelcomeText: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/management/settings/${id}`,
        headers: bearer(access_token),
        payload: { WelcomeText },
      });
    const foreign = [linde === 1 ? (await settingsOf('anker')).Id : linde, 999_999];
    for (const id of foreign) {
      const res = await put(id, `Via ${id}`);
      expect(res.statusCode, String(id)).toBe(404);
      expect(res.json().Code).toBe('NOT_FOUND');
      const [entry] = await auditRows(t, {
        objectType: AUDIT_OBJECTS.entity_settings,
        objectId: id,
        outcome: 'refused',
      });
      expect(entry, String(id)).toBeDefined();
    }
    expect((await settingsOf('beheerder')).WelcomeText).not.toMatch(/^Via /);
    const byOwnId = await put(own, 'Welkom via het eigen nummer');
    expect(byOwnId.statusCode).toBe(200);
    expect(byOwnId.json().WelcomeText).toBe('Welkom via het eigen nummer');
  });
});
