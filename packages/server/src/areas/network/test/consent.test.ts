import type { NetworkLink } from '@zorgportaal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityIdOf } from '../../../../test/helpers/entities.ts';
import { bearer, login } from '../../../../test/helpers/login.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

/**
 * Network consent: whoever ended a link is the only one who can restore it; the other side may ask again
 * with a new proposal, which the side that ended it confirms. Every change is in both Logboeken.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
let anker: number;
let linde: number;
let ankerClient: number;

beforeAll(async () => {
  t = await buildTestApp();
  for (const user of ['anker', 'apotheker']) tokens[user] = (await login(t.app, user)).access_token;
  anker = await entityIdOf(t, 'Zorgcentrum Het Anker');
  linde = await entityIdOf(t, 'Apotheek De Linde');
  ankerClient = (await call('anker', 'GET', '/api/patients')).json().Rows[0].Id;
});
afterAll(() => t.close());

const call = (user: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(tokens[user]!), ...(payload ? { payload } : {}) });

const linkAs = async (user: string, id: number): Promise<NetworkLink> =>
  (await call(user, 'GET', '/api/network')).json().Links.find((l: NetworkLink) => l.Id === id);

const pharmacySeesClient = async () =>
  (await call('apotheker', 'GET', `/api/patient/${ankerClient}`)).statusCode;

const supplies = () => ({ FromEntityId: linde, ToEntityId: anker, Role: 'supplies' });

/** The `Change` details of the link's entries in the user's own Logboek, oldest first. */
async function logChanges(user: string, id: number): Promise<string[]> {
  const res = await call(user, 'GET', '/api/log?objectType=network_link&limit=200');
  expect(res.statusCode).toBe(200);
  return res
    .json()
    .Rows.filter((r: { ObjectId: string | null }) => r.ObjectId === String(id))
    .map((r: { Outcome: string; Detail: { Change: string } }) => `${r.Detail.Change} ${r.Outcome}`)
    .reverse();
}

describe('network consent', () => {
  let id: number;

  it('refuses the partner re-activating a link the care centre ended, and the clients stay hidden', async () => {
    // Het Anker proposes De Linde as its pharmacy; De Linde confirms.
    const proposed = await call('anker', 'POST', '/api/network/links', supplies());
    expect(proposed.statusCode).toBe(201);
    id = proposed.json().Id;
    expect((await call('apotheker', 'PUT', `/api/network/links/${id}`, { Active: true })).statusCode).toBe(
      200,
    );
    expect(await pharmacySeesClient()).toBe(200);

    // Het Anker withdraws: who and when are recorded, the pharmacy loses the clients at once.
    const ended = await call('anker', 'PUT', `/api/network/links/${id}`, { Active: false });
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toMatchObject({ Active: false, DeactivatedBy: anker, CanActivate: true });
    expect(Date.parse(ended.json().DeactivatedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(await pharmacySeesClient()).toBe(404);

    // De Linde cannot undo that on its own.
    const undo = await call('apotheker', 'PUT', `/api/network/links/${id}`, { Active: true });
    expect(undo.statusCode).toBe(409);
    expect(undo.json().Fields).toHaveProperty('Active');
    expect(await pharmacySeesClient()).toBe(404);
    expect(await linkAs('apotheker', id)).toMatchObject({
      Active: false,
      DeactivatedBy: anker,
      CanActivate: false,
      CanPropose: true,
    });

    // Nor by "deactivating" it again to become the side that ended it.
    expect((await call('apotheker', 'PUT', `/api/network/links/${id}`, { Active: false })).statusCode).toBe(
      200,
    );
    expect((await call('apotheker', 'PUT', `/api/network/links/${id}`, { Active: true })).statusCode).toBe(
      409,
    );
    expect(await pharmacySeesClient()).toBe(404);
  });

  it('lets the care centre that ended it activate it again', async () => {
    expect(await linkAs('anker', id)).toMatchObject({ CanActivate: true, CanPropose: false });
    const again = await call('anker', 'PUT', `/api/network/links/${id}`, { Active: true });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ Active: true, DeactivatedBy: null, DeactivatedAt: null });
    expect(await pharmacySeesClient()).toBe(200);
  });

  it('lets the partner propose it anew; it is active only once the side that ended it confirms', async () => {
    expect((await call('anker', 'PUT', `/api/network/links/${id}`, { Active: false })).statusCode).toBe(200);
    // The side that ended it need not propose: it may simply activate.
    expect((await call('anker', 'POST', '/api/network/links', supplies())).statusCode).toBe(409);

    const renewed = await call('apotheker', 'POST', '/api/network/links', supplies());
    expect(renewed.statusCode).toBe(201);
    expect(renewed.json()).toMatchObject({ Id: id, Active: false, ProposedBy: linde, CanActivate: false });
    expect((await call('apotheker', 'PUT', `/api/network/links/${id}`, { Active: true })).statusCode).toBe(
      400,
    );
    expect(await pharmacySeesClient()).toBe(404);

    // Het Anker sees the request on its landing page and confirms it.
    const tile = (await call('anker', 'GET', '/api/dashboard'))
      .json()
      .Tiles.find((x: { Key: string }) => x.Key === 'networkToConfirm');
    expect(tile).toMatchObject({ Value: 1 });
    expect((await call('anker', 'PUT', `/api/network/links/${id}`, { Active: true })).statusCode).toBe(200);
    expect(await pharmacySeesClient()).toBe(200);

    // Ended again by Het Anker: its own withdrawal is no request waiting on its landing page.
    expect((await call('anker', 'PUT', `/api/network/links/${id}`, { Active: false })).statusCode).toBe(200);
    const after = (await call('anker', 'GET', '/api/dashboard'))
      .json()
      .Tiles.find((x: { Key: string }) => x.Key === 'networkToConfirm');
    expect(after).toMatchObject({ Value: 0 });
  });

  it('writes every change of the link into the Logboek of both organisations', async () => {
    expect((await call('apotheker', 'DELETE', `/api/network/links/${id}`)).statusCode).toBe(204);
    const expected = [
      'proposed success',
      'activated success',
      'deactivated success',
      'activated denied',
      'activated denied',
      'activated success',
      'deactivated success',
      'reproposed success',
      'activated denied',
      'activated success',
      'deactivated success',
      'removed success',
    ];
    expect(await logChanges('anker', id)).toEqual(expected);
    expect(await logChanges('apotheker', id)).toEqual(expected);
    // The partner's copy names the acting organisation, never the other organisation's account.
    const rows = (await call('apotheker', 'GET', '/api/log?objectType=network_link&limit=200')).json().Rows;
    const partnerCopy = rows.find(
      (r: { ObjectId: string; Detail: { Change: string } }) =>
        r.ObjectId === String(id) && r.Detail.Change === 'proposed',
    );
    expect(partnerCopy).toMatchObject({ EntityId: linde, UserId: null, Username: null });
    expect(partnerCopy.Detail).toMatchObject({ ByEntityId: anker });
  });

  it('refuses Active and any unknown field on a proposal or a change, naming the field', async () => {
    const active = await call('anker', 'POST', '/api/network/links', { ...supplies(), Active: true });
    expect(active.statusCode).toBe(400);
    expect(active.json().Fields).toHaveProperty('Active');
    const unknown = await call('anker', 'POST', '/api/network/links', { ...supplies(), Colour: 'red' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().Fields).toHaveProperty('Colour');
    // Nothing was stored.
    expect(
      (await call('anker', 'GET', '/api/network'))
        .json()
        .Links.some((l: NetworkLink) => l.From.Id === linde && l.To.Id === anker),
    ).toBe(false);
  });
});
