import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, login } from '../../../../test/helpers/login.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await buildTestApp();
  for (const user of ['apotheker', 'verpleegkundige', 'anker', 'centrum', 'beheerder'])
    tokens[user] = (await login(t.app, user)).access_token;
});
afterAll(() => t.close());

const call = (user: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(tokens[user]!), ...(payload ? { payload } : {}) });

const entityId = async (user: string) =>
  (await call(user, 'GET', '/api/management/settings')).json().Id as number;

describe('GET /api/global/entities', () => {
  it('lists the own organisation and the linked ones with Id, Name, Type and Agb, nobody else', async () => {
    const res = await call('verpleegkundige', 'GET', '/api/global/entities');
    expect(res.statusCode).toBe(200);
    const names = res.json().map((e: { Name: string }) => e.Name);
    expect(names).toEqual(
      expect.arrayContaining([
        'Zorgcentrum De Berk',
        'Apotheek De Linde',
        'Huisartsenpraktijk Linde',
        'Trombosedienst Midden',
      ]),
    );
    expect(names).not.toContain('Apotheek Centrum');
    expect(names).not.toContain('Zorgcentrum Het Anker');
    expect(res.json()[0]).toEqual({
      Id: expect.any(Number),
      Name: expect.any(String),
      Type: expect.any(String),
      Agb: expect.anything(),
    });
  });
});

describe('Zorgnetwerk', () => {
  it('shows everyone of the organisation its locations, departments and links', async () => {
    const res = await call('verpleegkundige', 'GET', '/api/network');
    expect(res.statusCode).toBe(200);
    const network = res.json();
    expect(network.Entity.Name).toBe('Zorgcentrum De Berk');
    expect(network.Locations.length).toBeGreaterThan(0);
    expect(network.Locations[0].Departments.length).toBeGreaterThan(0);
    const roles = network.Links.map(
      (l: { Role: string; From: { Name: string } }) => `${l.Role} ${l.From.Name}`,
    );
    expect(roles).toEqual(
      expect.arrayContaining([
        'supplies Apotheek De Linde',
        'gp Huisartsenpraktijk Linde',
        'anticoagulation Trombosedienst Midden',
      ]),
    );
  });

  it('grants access only once the other side confirms a proposed link; either side can end it', async () => {
    const anker = await entityId('anker');
    const linde = await entityId('apotheker');
    // Before: the pharmacy does not see Het Anker's patients.
    const patientsBefore = (await call('apotheker', 'GET', '/api/patients')).json().Rows.length;

    const proposed = await call('apotheker', 'POST', '/api/network/links', {
      FromEntityId: linde,
      ToEntityId: anker,
      Role: 'supplies',
    });
    expect(proposed.statusCode).toBe(201);
    const link = proposed.json();
    expect(link).toMatchObject({ Active: false, ProposedBy: linde, CanActivate: false });
    // The proposer cannot activate it on its own, and it grants nothing yet.
    const self = await call('apotheker', 'PUT', `/api/network/links/${link.Id}`, { Active: true });
    expect(self.statusCode).toBe(400);
    expect(self.json().Fields).toHaveProperty('Active');
    expect((await call('apotheker', 'GET', '/api/patients')).json().Rows.length).toBe(patientsBefore);

    // Het Anker sees it, and confirms.
    const seen = (await call('anker', 'GET', '/api/network'))
      .json()
      .Links.find((l: { Id: number }) => l.Id === link.Id);
    expect(seen).toMatchObject({ Active: false, CanActivate: true });
    // Het Anker's landing page counts it as work to do.
    const tile = (await call('anker', 'GET', '/api/dashboard'))
      .json()
      .Tiles.find((x: { Key: string }) => x.Key === 'networkToConfirm');
    expect(tile).toMatchObject({ Value: 1 });
    const confirmed = await call('anker', 'PUT', `/api/network/links/${link.Id}`, { Active: true });
    expect(confirmed.statusCode).toBe(200);
    expect((await call('apotheker', 'GET', '/api/patients')).json().Rows.length).toBeGreaterThan(
      patientsBefore,
    );

    // A third organisation cannot touch it (404).
    expect(
      (await call('beheerder', 'PUT', `/api/network/links/${link.Id}`, { Active: false })).statusCode,
    ).toBe(404);
    expect((await call('beheerder', 'DELETE', `/api/network/links/${link.Id}`)).statusCode).toBe(404);

    // Het Anker refuses it after all: removed, access gone.
    expect((await call('anker', 'DELETE', `/api/network/links/${link.Id}`)).statusCode).toBe(204);
    expect((await call('apotheker', 'GET', '/api/patients')).json().Rows.length).toBe(patientsBefore);
  });

  it('refuses links that do not involve the own organisation, wrong types, duplicates and users without the permission', async () => {
    const anker = await entityId('anker');
    const centrum = await entityId('centrum');
    const berk = await entityId('beheerder');
    const linde = await entityId('apotheker');
    const foreign = await call('beheerder', 'POST', '/api/network/links', {
      FromEntityId: centrum,
      ToEntityId: anker,
      Role: 'gp',
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().Fields).toHaveProperty('FromEntityId');
    // A care centre cannot supply.
    const wrongType = await call('beheerder', 'POST', '/api/network/links', {
      FromEntityId: berk,
      ToEntityId: anker,
      Role: 'supplies',
    });
    expect(wrongType.statusCode).toBe(400);
    const duplicate = await call('apotheker', 'POST', '/api/network/links', {
      FromEntityId: linde,
      ToEntityId: berk,
      Role: 'supplies',
    });
    expect(duplicate.statusCode).toBe(409);
    const bad = await call('apotheker', 'POST', '/api/network/links', { FromEntityId: 'x', Role: 'boss' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().Fields)).toEqual(
      expect.arrayContaining(['FromEntityId', 'ToEntityId', 'Role']),
    );
    // A nurse reads the network but changes nothing.
    const nurse = await call('verpleegkundige', 'POST', '/api/network/links', {
      FromEntityId: linde,
      ToEntityId: berk,
      Role: 'gp',
    });
    expect(nurse.statusCode).toBe(403);
  });

  it('lets a Beheerder find organisations by name or AGB code to propose a link to', async () => {
    const res = await call('beheerder', 'GET', '/api/network/organisations?q=centrum');
    expect(res.json().map((e: { Name: string }) => e.Name)).toContain('Apotheek Centrum');
    expect((await call('verpleegkundige', 'GET', '/api/network/organisations')).statusCode).toBe(403);
  });
});
