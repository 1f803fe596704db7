import type { AdministrationList, Dashboard, PlannedMoment } from '@zorgportaal/contract';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../../schema.ts';
import { tagOf } from '../../../platform/etag.ts';
import { departmentIdOf } from '../../../../test/helpers/medication.ts';
import { bearer, login } from '../../../../test/helpers/login.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

/** The landing page's one-minute refresh of unchanged tiles: a 304 without a body, nothing logged. */
describe('GET /api/dashboard: ETag revalidation', () => {
  let t: TestApp;
  let token: string;
  const get = (etag?: string, as = token) =>
    t.app.inject({
      method: 'GET',
      url: '/api/dashboard',
      headers: { ...bearer(as), ...(etag ? { 'if-none-match': etag } : {}) },
    });
  const auditCount = async () => (await t.db.select({ n: count() }).from(s.auditLog))[0]!.n;

  beforeAll(async () => {
    t = await buildTestApp();
    token = (await login(t.app, 'verpleegkundige')).access_token;
  });
  afterAll(() => t.close());

  it('answers an unchanged refresh with 304 and no audit row; a registration gives 200 and a new ETag', async () => {
    const first = await get();
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const tiles = first.json<Dashboard>().Tiles;
    expect(tiles.some((tile) => tile.Key === 'roundsOpen')).toBe(true);

    const before = await auditCount();
    const again = await get(etag);
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(await auditCount()).toBe(before);

    // A colleague registers an open timed dose of today in the nurse's department.
    const listUrl = `/api/administration/list?departmentId=${await departmentIdOf(t, 'Afdeling Eikenhof')}`;
    const colleague = (await login(t.app, 'beheerder')).access_token;
    const list = (
      await t.app.inject({ method: 'GET', url: listUrl, headers: bearer(colleague) })
    ).json<AdministrationList>();
    // One the tiles count: late, or in the current round (a later round's dose changes no tile). Open, it is
    // registered as a deviation; after the demo world's seed has registered every dose of the round (late in
    // a round, at any hour), its registration is undone instead, which opens it again.
    const counted = list.Moments.filter(
      (m: PlannedMoment) => !m.AsNeeded && (m.Late || m.Time === list.Summary.CurrentRound),
    );
    const moment = counted.find((m) => m.Registrations.length === 0) ?? counted[0];
    if (!moment) throw new Error(`no late or current-round dose at ${new Date().toISOString()}`);
    const undone = moment.Registrations.at(-1);
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/administration/registration',
      headers: bearer(colleague),
      // A deviation or an undo: neither has a time window, so any moment of the day will do at any hour.
      payload: {
        AgreementId: moment.AgreementId,
        ScheduledAt: moment.ScheduledAt,
        ...(undone
          ? { Status: 'cancelled', DeviationReason: 'wrong_registration', CorrectsId: undone.Id }
          : { Status: 'not_given', DeviationReason: 'patient_absent' }),
      },
    });
    expect(registered.statusCode).toBe(201);

    const changed = await get(etag);
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json<Dashboard>().Tiles).not.toEqual(tiles);
    expect((await get(changed.headers.etag as string)).statusCode).toBe(304);
  });

  it('keeps the tag per account: a second session shares it, another account with the same tiles does not', async () => {
    const first = await get();
    const second = (await login(t.app, 'verpleegkundige')).access_token;
    expect((await get(first.headers.etag as string, second)).statusCode).toBe(304);
    // Two accounts with identical tiles (same organisation and roles) still get different tags.
    const body = first.body;
    expect(tagOf(body, 1)).not.toBe(tagOf(body, 2));
  });
});
