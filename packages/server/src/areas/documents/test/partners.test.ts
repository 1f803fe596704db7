import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, login } from '../../../../test/helpers/login.ts';
import { multipart, pdfBytes } from '../../../../test/helpers/multipart.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

/** Shared documents between partners of the care network: every link counts, in either direction. */
let t: TestApp;
const tokens: Record<string, string> = {};
const USERS = ['verpleegkundige', 'anker', 'apotheker', 'centrum', 'huisarts', 'trombose', 'trombosebeheer'];
beforeAll(async () => {
  t = await buildTestApp();
  for (const user of USERS) tokens[user] = (await login(t.app, user)).access_token;
});
afterAll(() => t.close());

const get = (user: string, url: string) =>
  t.app.inject({ method: 'GET', url, headers: bearer(tokens[user]!) });
const titles = async (user: string): Promise<string[]> =>
  (await get(user, '/api/documents')).json().Rows.map((r: { Title: string }) => r.Title);

describe('documents shared with partners', () => {
  it("shows each demo organisation its partners' shared documents and nobody else's", async () => {
    const trombose = await titles('trombose');
    // Own, shared or not; and what the care centres it serves share.
    expect(trombose).toEqual(
      expect.arrayContaining([
        'Werkinstructie INR-meting met vingerprik',
        'Protocol kritieke INR-waarde',
        'Interne planning prikroutes',
        'Bereikbaarheid afdelingen De Berk',
        'Bereikbaarheid Het Anker',
      ]),
    );
    // The GP practice and the pharmacies are no partners of the service (only through De Berk).
    expect(trombose).not.toContain('Afspraken medicatiebeoordeling met de huisarts');
    expect(trombose).not.toContain('Werkinstructie Baxterrollen uitzetten');
    expect(trombose).not.toContain('Protocol valpreventie');

    const gp = await titles('huisarts');
    expect(gp).toEqual(
      expect.arrayContaining([
        'Afspraken medicatiebeoordeling met de huisarts',
        'Bereikbaarheid afdelingen De Berk',
      ]),
    );
    expect(gp).not.toContain('Protocol kritieke INR-waarde');
    expect(gp).not.toContain('Bereikbaarheid Het Anker');

    const nurse = await titles('verpleegkundige');
    expect(nurse).toEqual(
      expect.arrayContaining([
        'Werkinstructie Baxterrollen uitzetten',
        'Afspraken medicatiebeoordeling met de huisarts',
        'Werkinstructie INR-meting met vingerprik',
        'Protocol kritieke INR-waarde',
      ]),
    );
    expect(nurse).not.toContain('Interne planning prikroutes');
    expect(nurse).not.toContain('Bereikbaarheid Het Anker');

    expect(await titles('anker')).toContain('Protocol kritieke INR-waarde');
    expect(await titles('anker')).not.toContain('Afspraken medicatiebeoordeling met de huisarts');
    expect(await titles('apotheker')).toContain('Bereikbaarheid afdelingen De Berk');
    expect(await titles('apotheker')).not.toContain('Protocol kritieke INR-waarde');
    expect(await titles('centrum')).toContain('Bereikbaarheid Het Anker');
  });

  it("lets the trombosis service's Beheerder share a new document with the care centres it serves, read-only for them", async () => {
    const body = multipart({
      Title: 'Doseerkalender uitleg',
      Category: 'handleiding',
      Shared: 'true',
      File: { name: 'uitleg.pdf', content: pdfBytes() },
    });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/documents',
      payload: body.payload,
      headers: { ...bearer(tokens.trombosebeheer!), ...body.headers },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().Id;
    // The service's other staff read it as their own organisation's; they may not change it (no documents.write).
    expect((await get('trombose', `/api/documents/${id}`)).json()).toMatchObject({ Own: true });
    const seen = (await get('verpleegkundige', '/api/documents'))
      .json()
      .Rows.find((r: { Id: number }) => r.Id === id);
    expect(seen).toMatchObject({ Own: false, Shared: true, EntityName: 'Trombosedienst Midden' });
    expect((await get('verpleegkundige', `/api/documents/${id}/download`)).statusCode).toBe(200);
    // Not a partner: Apotheek Centrum.
    expect((await get('centrum', `/api/documents/${id}`)).statusCode).toBe(404);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/documents/${id}`,
      headers: bearer(tokens.anker!),
    });
    expect(del.statusCode).toBe(404);
  });
});
