import type {
  AdministrationDashboard,
  AdministrationList,
  Dashboard,
  DayProgress,
} from '@zorgportaal/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { localDate } from '../../../platform/time.ts';
import { bearer, login } from '../../../../test/helpers/login.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

const figures = (p: DayProgress) => ({
  Planned: p.Planned,
  Given: p.Given,
  Open: p.Open,
  Late: p.Late,
  Deviations: p.Deviations,
  AwaitingDoubleCheck: p.AwaitingDoubleCheck,
  CurrentRound: p.CurrentRound,
});

/** The same ward and day show the same numbers on the toedienlijst, its dashboard and the landing page. */
describe('administration day figures: list, dashboard and landing agree', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(() => t.close());

  // Times spread over a day, all in the past: on PostgreSQL the database clock is not faked, and a
  // session "seen" in the future would count as idle.
  it.each([0.5, 2.5, 5, 9, 13, 19])('agree for the demo world %s hours ago', async (hoursAgo) => {
    const at = new Date(Date.now() - hoursAgo * 3_600_000);
    const day = localDate(at);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at);
    const { access_token } = await login(t.app, 'verpleegkundige');
    const get = <T>(url: string) =>
      t.app.inject({ method: 'GET', url, headers: bearer(access_token) }).then((r) => r.json<T>());

    const dashboard = await get<AdministrationDashboard>(`/api/administration/dashboard?date=${day}`);
    const tiles = (await get<Dashboard>('/api/dashboard')).Tiles;
    expect(dashboard.Departments.length).toBeGreaterThan(0);
    let withWork = 0;
    for (const row of dashboard.Departments) {
      const list = await get<AdministrationList>(
        `/api/administration/list?departmentId=${row.DepartmentId}&date=${day}`,
      );
      expect(figures(row)).toEqual(figures(list.Summary));
      // Every timed moment is in exactly one state.
      const timed = list.Moments.filter((m) => !m.AsNeeded);
      expect(list.Summary.Planned).toBe(timed.length);
      expect(list.Summary.Open).toBe(
        timed.filter((m) => m.Registrations.every((r) => r.Status === 'cancelled')).length,
      );
      expect(list.Summary.Late).toBe(timed.filter((m) => m.Late).length);
      expect(list.Summary.Late).toBeLessThanOrEqual(list.Summary.Open);
      withWork += list.Summary.Planned;
      const tile = (key: string) => tiles.find((x) => x.Key === key && x.Group === row.DepartmentName);
      if (row.EntityId === dashboard.Departments[0]!.EntityId) {
        // The open tile is the current round's open doses and opens that round of that day.
        const round = list.Summary.CurrentRound;
        const dayLink = `/administrationlist?department=${row.DepartmentId}&date=${day}`;
        expect(tile('roundsOpen')?.Link).toBe(
          round ? `${dayLink}&round=${encodeURIComponent(round)}` : dayLink,
        );
        expect(tile('roundsOpen')?.Detail).toBe(round);
        expect(tile('roundsOpen')?.Value).toBe(
          timed.filter((m) => m.Time === round && m.Registrations.every((r) => r.Status === 'cancelled'))
            .length,
        );
        expect(tile('roundsLate')?.Link).toBe(dayLink);
        // The double-check tile opens that day's list filtered on the waiting doses.
        expect(tile('roundsAwaitingCheck')?.Link).toBe(`${dayLink}&filter=doublecheck`);
        expect(tile('roundsLate')?.Value).toBe(list.Summary.Late);
        expect(tile('roundsAwaitingCheck')?.Value).toBe(list.Summary.AwaitingDoubleCheck);
        expect(tile('roundsOpen')?.Group).toBe(row.DepartmentName);
      }
    }
    expect(withWork).toBeGreaterThan(0);
    expect(dashboard.AwaitingDoubleCheck).toBe(
      dashboard.Departments.reduce((sum, d) => sum + d.AwaitingDoubleCheck, 0),
    );
  });

  it('shows the nurse her rounds and no staff counts; the Beheerder the staff counts', async () => {
    const tilesOf = async (username: string) => {
      const { access_token } = await login(t.app, username);
      const res = await t.app.inject({ method: 'GET', url: '/api/dashboard', headers: bearer(access_token) });
      return res.json<Dashboard>().Tiles.map((tile) => tile.Key);
    };
    const nurse = await tilesOf('verpleegkundige');
    expect(nurse).toContain('roundsOpen');
    expect(nurse).not.toContain('persons');
    expect(nurse).not.toContain('activeAccounts');
    expect(await tilesOf('beheerder')).toEqual(expect.arrayContaining(['persons', 'activeAccounts']));
  });
});
