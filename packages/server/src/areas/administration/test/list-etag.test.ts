import type { AdministrationList, PlannedMoment } from '@zorgportaal/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { administrations } from '../../../schema.ts';
import { addDays, localDate } from '../../../platform/time.ts';
import { auditRows } from '../../../../test/helpers/audit.ts';
import { departmentIdOf } from '../../../../test/helpers/medication.ts';
import { bearer, login } from '../../../../test/helpers/login.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

/** The 60-second refresh of an unchanged toedienlijst or dashboard: a 304, nothing built, nothing logged. */
describe('administration list and dashboard: ETag revalidation', () => {
  let t: TestApp;
  let token: string;
  /** The nurse's department's list; listUrl: of tomorrow. */
  let departmentUrl: string;
  let listUrl: string;
  const get = (url: string, etag?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { ...bearer(token), ...(etag ? { 'if-none-match': etag } : {}) },
    });
  const auditCount = async () =>
    (await auditRows(t, { objectType: 'administration_list' })).length +
    (await auditRows(t, { objectType: 'administration_dashboard' })).length;

  beforeAll(async () => {
    t = await buildTestApp();
    token = (await login(t.app, 'verpleegkundige')).access_token;
    // Tomorrow's list: none of its moments is registered yet, at any hour (the demo world registers today's
    // past doses, so late in the evening today may have no open one left).
    const tomorrow = addDays(localDate(new Date()), 1);
    departmentUrl = `/api/administration/list?departmentId=${await departmentIdOf(t, 'Afdeling Eikenhof')}`;
    listUrl = `${departmentUrl}&date=${tomorrow}`;
  });
  afterAll(() => t.close());

  it('answers an unchanged list with 304, no body and no audit row; a registration gives a new ETag', async () => {
    const first = await get(listUrl);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    // The browser may keep it for this user only, and must ask again each time.
    expect(first.headers['cache-control']).toBe('private, no-cache');

    const before = await auditCount();
    const again = await get(listUrl, etag);
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(await auditCount()).toBe(before);

    // A colleague registers the first open timed dose of the list.
    const list = first.json<AdministrationList>();
    const open = list.Moments.find((m: PlannedMoment) => !m.AsNeeded && m.Registrations.length === 0)!;
    const colleague = (await login(t.app, 'beheerder')).access_token;
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/administration/registration',
      headers: bearer(colleague),
      // A deviation: it has no time window, so a moment of tomorrow will do.
      payload: {
        AgreementId: open.AgreementId,
        ScheduledAt: open.ScheduledAt,
        Status: 'not_given',
        DeviationReason: 'patient_absent',
      },
    });
    expect(registered.statusCode).toBe(201);

    const changed = await get(listUrl, etag);
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    const moment = changed.json<AdministrationList>().Moments.find((m) => m.Key === open.Key)!;
    expect(moment.Registrations).toHaveLength(1);
    // The same view by the same session within 15 minutes is already in the Logboek (one entry per view).
    expect(await auditCount()).toBe(before);
    expect((await get(listUrl, changed.headers.etag as string)).statusCode).toBe(304);
  });

  it('revalidates the dashboard the same way', async () => {
    const first = await get('/api/administration/dashboard');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const before = await auditCount();
    const again = await get('/api/administration/dashboard', first.headers.etag as string);
    expect(again.statusCode).toBe(304);
    expect(await auditCount()).toBe(before);
  });

  it('never answers 304 to another user, nor for another department', async () => {
    const first = await get(listUrl);
    const etag = first.headers.etag as string;
    const other = (await login(t.app, 'beheerder')).access_token;
    const asOther = await t.app.inject({
      method: 'GET',
      url: listUrl,
      headers: { ...bearer(other), 'if-none-match': etag },
    });
    expect(asOther.statusCode).toBe(200);
    const otherDepartment = `/api/administration/list?departmentId=${await departmentIdOf(t, 'Afdeling Lindehof')}`;
    expect((await get(otherDepartment, etag)).statusCode).toBe(200);
  });

  it('changes the ETag when the clock alone changes the list: an open dose turns late', async () => {
    // An open dose at least two hours ago (the database clock is real on PostgreSQL). The demo leaves today's
    // doses open only for an hour or two before now, so at some times of day there is none: make one of
    // yesterday's doses open again by removing its only registration.
    const yesterdayUrl = `${departmentUrl}&date=${localDate(new Date(Date.now() - 86_400_000))}`;
    const yesterday = (await get(yesterdayUrl)).json<AdministrationList>();
    const given = yesterday.Moments.find(
      (m) =>
        m.ScheduledAt &&
        m.Registrations.length === 1 &&
        Date.parse(m.ScheduledAt) < Date.now() - 3 * 3_600_000,
    )!;
    expect(given).toBeDefined();
    await t.db.delete(administrations).where(eq(administrations.id, given.Registrations[0]!.Id));
    const reopened = (await get(yesterdayUrl)).json<AdministrationList>();
    const found = { list: reopened, m: reopened.Moments.find((m) => m.Key === given.Key)! };
    expect(found.m.Registrations).toHaveLength(0);
    expect(found.m.Late).toBe(true);
    const url = `${departmentUrl}&date=${found.list.Date}`;
    const due = Date.parse(found.m.ScheduledAt!);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(due + 59 * 60_000);
      const before = await get(url);
      expect(before.json<AdministrationList>().Moments.find((m) => m.Key === found.m.Key)!.Late).toBe(false);
      const etag = before.headers.etag as string;
      vi.setSystemTime(due + 59 * 60_000 + 20_000);
      expect((await get(url, etag)).statusCode).toBe(304);
      vi.setSystemTime(due + 61 * 60_000);
      const after = await get(url, etag);
      expect(after.statusCode).toBe(200);
      expect(after.json<AdministrationList>().Moments.find((m) => m.Key === found.m.Key)!.Late).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps other API answers out of every cache', async () => {
    const res = await get('/api/medication/departments');
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
