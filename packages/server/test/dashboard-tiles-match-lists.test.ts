import type {
  AdministrationDashboard,
  AdministrationList,
  AgreementList,
  BaxterRollList,
  Dashboard,
  DashboardTile,
  LogPage,
  MedicationDashboardList,
  Network,
  OrderPage,
  PersonPage,
  PlannedMoment,
  Registration,
  Results,
  ReviewDueList,
  ThreadList,
  TrombosisDashboard,
  UnreadCount,
  VpDashboard,
} from '@zorgportaal/contract';
import { type EntityType, findProtectedRoute, routePermitted } from '@zorgportaal/contract';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as s from '../src/schema.ts';
import { DEMO_ACCOUNTS } from '../src/seed/demo-data.ts';
import { addDays, localDate } from '../src/platform/time.ts';
import { bearer, login } from './helpers/login.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Every landing tile, for every demo user, against the list its link opens: the test follows the link to
 * the API request that page makes for it (same query parameters) and counts what the page shows, at the
 * same moment (the clock is frozen, so no dose turns late in between). A tile whose link has no mapping
 * here fails, so a new tile must say which list it summarises.
 */
type Get = <T>(url: string) => Promise<T>;
type ListCount = (tile: DashboardTile, link: URL, get: Get, entityType: string) => Promise<number>;

/** What the Toedienlijst shows per card: the last registration counts, an undone one leaves the dose open. */
const voided = (r: Registration) => r.Status === 'cancelled' && r.DeviationReason === 'wrong_registration';
const current = (m: PlannedMoment) => m.Registrations.at(-1);
const isOpenCard = (m: PlannedMoment) => {
  const last = current(m);
  return !m.AsNeeded && (!last || voided(last));
};
/** The cards with "Wacht op controle": a timed dose's registration, and each as-needed one. */
const awaitingCards = (list: AdministrationList) =>
  list.Moments.reduce((n, m) => {
    if (m.AsNeeded) return n + m.Registrations.filter((r) => !voided(r) && r.AwaitingDoubleCheck).length;
    const last = current(m);
    return n + (last && !voided(last) && last.AwaitingDoubleCheck ? 1 : 0);
  }, 0);

/** The page's request: its department and day (today when the link names none). */
const dayList = (link: URL, get: Get) => {
  const query = new URLSearchParams({ departmentId: link.searchParams.get('department') ?? '' });
  const date = link.searchParams.get('date');
  if (date) query.set('date', date);
  return get<AdministrationList>(`/api/administration/list?${query.toString()}`);
};

/** Page through the Logboek as the page does (keyset), counting every row. */
async function logRows(link: URL, get: Get): Promise<number> {
  let rows = 0;
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams(link.searchParams);
    query.set('limit', '200');
    if (cursor) query.set('cursor', cursor);
    const page: LogPage = await get<LogPage>(`/api/log?${query.toString()}`);
    rows += page.Rows.length;
    cursor = page.NextCursor;
  } while (cursor);
  return rows;
}

async function medicationList(link: URL, get: Get): Promise<number> {
  const page = await get<MedicationDashboardList>(
    `/api/medication/dashboard/list?list=${link.searchParams.get('list') ?? ''}`,
  );
  expect(page.Rows).toHaveLength(page.Total);
  return page.Rows.length;
}

/** Tile key → how the list its link opens is counted. */
const LISTS: Record<string, ListCount> = {
  async roundsOpen(_tile, link, get) {
    const round = link.searchParams.get('round');
    const list = await dayList(link, get);
    expect(round, 'the round tile names its round').toBe(list.Summary.CurrentRound);
    return list.Moments.filter((m) => m.Time === round && isOpenCard(m)).length;
  },
  async roundsLate(_tile, link, get) {
    return (await dayList(link, get)).Moments.filter((m) => isOpenCard(m) && m.Late).length;
  },
  async roundsAwaitingCheck(_tile, link, get) {
    return awaitingCards(await dayList(link, get));
  },
  async openOrders(_tile, link, get, entityType) {
    const side = entityType === 'pharmacy' ? 'pharmacy' : 'healthcare_provider';
    const page = await get<OrderPage>(`/api/medication/${side}/orders?${link.searchParams.toString()}`);
    expect(page.TotalExact).toBe(true);
    return page.Total;
  },
  async rollsWaiting(_tile, link, get) {
    return (await get<BaxterRollList>(`/api/baxter/rolls?${link.searchParams.toString()}`)).Rows.length;
  },
  // The Medicatiedashboard's list its link opens: the page shows every row (Total) up to its maximum.
  medicationInterim: (_tile, link, get) => medicationList(link, get),
  medicationUnsigned: (_tile, link, get) => medicationList(link, get),
  async inrChecksDue(_tile, _link, get) {
    return (await get<TrombosisDashboard>('/api/trombosis/dashboard')).DueToday.length;
  },
  async inrChecksOverdue(_tile, _link, get) {
    return (await get<TrombosisDashboard>('/api/trombosis/dashboard')).Overdue.length;
  },
  async inrCritical(_tile, _link, get) {
    return (await get<TrombosisDashboard>('/api/trombosis/dashboard')).Critical.length;
  },
  async networkToConfirm(_tile, _link, get) {
    // The proposals of the other side: links this side ended itself are no request.
    return (await get<Network>('/api/network')).Links.filter((l) => l.CanActivate && l.DeactivatedBy === null)
      .length;
  },
  async vpOpenItems(_tile, _link, get) {
    return (await get<VpDashboard>('/api/vp/dashboard')).Rows.length;
  },
  async reviewsDue(_tile, _link, get) {
    return (await get<ReviewDueList>('/api/vp/reviews/due')).Rows.length;
  },
  async unreadMessages(_tile, link, get) {
    const threads = await get<ThreadList>(`/api/communication/threads?${link.searchParams.toString()}`);
    expect(threads.Rows.every((r) => r.Unread)).toBe(true);
    // The header's and the menu's unread badge is the same number.
    expect((await get<UnreadCount>('/api/communication/unread')).Unread).toBe(threads.Rows.length);
    return threads.Rows.length;
  },
  async persons(_tile, link, get) {
    const page = await get<PersonPage>(`/api/personinfo?${link.searchParams.toString()}`);
    expect(page.TotalExact).toBe(true);
    return page.Total;
  },
  activeAccounts: (tile, link, get, type) => LISTS.persons!(tile, link, get, type),
  loginsToday: (_tile, link, get) => logRows(link, get),
  failedLoginsToday: (_tile, link, get) => logRows(link, get),
  deniedLoginsToday: (_tile, link, get) => logRows(link, get),
};

/** The page each tile's link opens (the web route), so a link to the wrong page fails too. */
const PAGES: Record<string, string> = {
  roundsOpen: '/administrationlist',
  roundsLate: '/administrationlist',
  roundsAwaitingCheck: '/administrationlist',
  openOrders: '/orders',
  rollsWaiting: '/baxter',
  medicationInterim: '/zp/medication/dashboard',
  medicationUnsigned: '/zp/medication/dashboard',
  inrChecksDue: '/zp/trombosisservice/dashboard',
  inrChecksOverdue: '/zp/trombosisservice/dashboard',
  inrCritical: '/zp/trombosisservice/dashboard',
  networkToConfirm: '/healthcare/infrastructure',
  vpOpenItems: '/vp/dashboard',
  reviewsDue: '/vp/history',
  unreadMessages: '/communication',
  persons: '/management/persons',
  activeAccounts: '/management/persons',
  loginsToday: '/management/log',
  failedLoginsToday: '/management/log',
  deniedLoginsToday: '/management/log',
};

describe('every dashboard tile equals the list it opens, for every demo user', () => {
  let t: TestApp;
  const entityTypes = new Map<string, string>();

  beforeAll(async () => {
    t = await buildTestApp();
    // The login steps of these two accounts are tested elsewhere; here their roles' tiles count.
    await t.db
      .update(s.accounts)
      .set({ mustChangePassword: false, totpEnabled: false })
      .where(inArray(s.accounts.username, ['nieuw', 'tweestaps']));
    const entities = await t.db.select().from(s.entities);
    const accounts = await t.db.select().from(s.accounts);
    for (const a of accounts)
      entityTypes.set(a.username, entities.find((e) => e.id === a.entityId)?.type ?? '');
    // One moment for the tiles and their lists: nothing turns late or moves to the next round between them.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date());
  });
  afterAll(async () => {
    vi.useRealTimers();
    await t.close();
  });

  it('knows the twelve demo users', () => {
    expect(DEMO_ACCOUNTS.map((a) => a.username)).toHaveLength(12);
  });

  const as = async (username: string): Promise<Get> => {
    const auth = bearer((await login(t.app, username)).access_token);
    return async (url) => {
      const res = await t.app.inject({ method: 'GET', url, headers: auth });
      expect(res.statusCode, url).toBe(200);
      return res.json();
    };
  };

  for (const { username } of DEMO_ACCOUNTS)
    it(`${username}: each tile's figure is the count of its list`, async () => {
      const get = await as(username);
      const permissions = (await login(t.app, username)).Permissions.map((p) => p.name);
      const { Tiles } = await get<Dashboard>('/api/dashboard');
      const compared = [];
      for (const tile of Tiles) {
        const count = LISTS[tile.Key];
        expect(count, `tile ${tile.Key} has a list mapping in this test`).toBeDefined();
        // Every tile is a link to its list, and the user may open that page.
        expect(tile.Link, `tile ${tile.Key} is a link`).toBeTruthy();
        const link = new URL(tile.Link!, 'http://portal');
        expect(
          routePermitted(
            findProtectedRoute(link.pathname)!,
            permissions,
            entityTypes.get(username) as EntityType,
          ),
          `${username} may open ${link.pathname}`,
        ).toBe(true);
        expect(link.pathname, `tile ${tile.Key} opens its page`).toBe(PAGES[tile.Key]);
        compared.push({
          key: tile.Key,
          group: tile.Group,
          link: tile.Link,
          value: tile.Value,
          list: await count!(tile, link, get, entityTypes.get(username)!),
        });
      }
      for (const c of compared) expect(c.value, `${c.key} ${c.group ?? ''} ${c.link}`).toBe(c.list);
    });

  it('huisarts: the VP dashboard\'s agreements to sign are the AMO\'s "Ondertekenen" buttons, per client', async () => {
    const get = await as('huisarts');
    const auth = bearer((await login(t.app, 'huisarts')).access_token);
    const { Rows } = await get<VpDashboard>('/api/vp/dashboard');
    const patients = await t.db.select().from(s.patients);
    const buttons = async (patientId: number) => {
      const entityId = patients.find((p) => p.id === patientId)!.entityId;
      const agreements = (await get<AgreementList>(`/api/medication/patient/${patientId}/agreements`)).Rows;
      let n = 0;
      for (const a of agreements.filter((x) => x.Status === 'active' || x.Status === 'future')) {
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/etdr/patient/${patientId}/authorizedsignature/${a.Id}/${entityId}`,
          headers: auth,
        });
        if (res.statusCode === 404) n++;
      }
      return n;
    };
    const mine = patients.filter((p) => p.prescriberEntityId !== null);
    let shown = 0;
    for (const patient of mine) {
      const row = Rows.find((r) => r.PatientId === patient.id);
      const expected = await buttons(patient.id);
      expect(row?.AwaitingSignature ?? 0, `client ${patient.id}`).toBe(expected);
      shown += expected;
    }
    // The demo's recent changes wait; the older agreements were signed when they started.
    expect(shown).toBeGreaterThan(0);
  });

  it('"waiting for a double check" has one definition: Resultaten over one day equals that day\'s list and dashboard', async () => {
    const get = await as('beheerder');
    const today = localDate(new Date());
    for (const date of [addDays(today, -1), today]) {
      const dashboard = await get<AdministrationDashboard>(`/api/administration/dashboard?date=${date}`);
      for (const department of dashboard.Departments) {
        const list = await get<AdministrationList>(
          `/api/administration/list?departmentId=${department.DepartmentId}&date=${date}`,
        );
        const results = await get<Results>(
          `/api/administration/results?from=${date}&to=${date}&departmentId=${department.DepartmentId}`,
        );
        const where = `${department.DepartmentName} ${date}`;
        expect(list.Summary.AwaitingDoubleCheck, where).toBe(awaitingCards(list));
        expect(department.AwaitingDoubleCheck, where).toBe(awaitingCards(list));
        expect(results.AwaitingDoubleCheck, where).toBe(awaitingCards(list));
      }
    }
  });
});
