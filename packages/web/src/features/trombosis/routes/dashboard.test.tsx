import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { DEFAULT_ROLES, SESSION_KEYS, type TrombosisDashboard } from '@zorgportaal/contract';
import { jsonResponse, renderRoutes } from '../../../test/render.tsx';
import TrombosisDashboardPage from './dashboard.tsx';

function logInAs(role: string, entityType: string) {
  sessionStorage.setItem(SESSION_KEYS.accessToken, 'token');
  sessionStorage.setItem(SESSION_KEYS.expiresAt, String(Date.now() + 60_000));
  sessionStorage.setItem(SESSION_KEYS.entityType, entityType);
  sessionStorage.setItem(
    SESSION_KEYS.account,
    JSON.stringify({ Id: 1, Username: 'x', Permissions: DEFAULT_ROLES[role]!.map((name) => ({ name })) }),
  );
}

const patient = {
  Id: 7,
  ScreenName: 'Anna de Vries',
  DateOfBirth: '1940-01-01',
  EntityName: 'Zorgcentrum De Berk',
  DepartmentName: 'Afdeling Eikenhof',
  TargetRange: { Low: 2, High: 3 },
  Drug: 'acenocoumarol',
  LastInr: { Value: 2.5, MeasuredAt: '2026-03-01T08:10:00.000Z', Interpretation: 'in' },
  NextCheck: '2026-03-10',
  CheckStatus: 'due',
} as const;

const dashboard: TrombosisDashboard = {
  Today: '2026-03-10',
  DueToday: [patient],
  Overdue: [],
  Critical: [
    {
      PatientId: 8,
      ScreenName: 'Bert Bakker',
      EntityName: 'Zorgcentrum De Berk',
      Value: 6.4,
      MeasuredAt: '2026-03-06T08:10:00.000Z',
    },
  ],
  Ttr: { Overall: 70, From: '2025-09-10', Rows: [{ PatientId: 7, ScreenName: 'Anna de Vries', Ttr: 70 }] },
  Mismatches: [],
};

const render = async () => {
  renderRoutes(
    [{ path: '/zp/trombosisservice/dashboard', element: <TrombosisDashboardPage /> }],
    '/zp/trombosisservice/dashboard',
  );
  return screen.findByTestId('critical-alert');
};
const linksOf = (element: HTMLElement) =>
  within(element)
    .queryAllByRole('link')
    .map((a) => a.getAttribute('href'));

describe('/zp/trombosisservice/dashboard: each role links only to the screens it may open', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, dashboard)),
    );
  });

  it('the nurse (from the critical INR tile) sees the values and no link to a screen she cannot open', async () => {
    logInAs('Verpleegkundige', 'carecenter');
    const alert = await render();
    expect(alert.textContent).toContain('Bert Bakker');
    expect(linksOf(screen.getByTestId('trombosis-dashboard'))).toEqual([]);
    expect(screen.getByTestId('due-table').textContent).toContain('Anna de Vries');
  });

  it('the GP reads INR values and schemes (no "INR invoeren")', async () => {
    logInAs('Voorschrijver', 'customer');
    const alert = await render();
    expect(linksOf(alert)).toEqual(['/dosagescheme?patient=8']);
    expect(within(alert).getByRole('link').textContent).toMatch(/^Doseerschema/);
    const due = screen.getByTestId('due-table');
    expect(linksOf(due)).toEqual(['/inrvalues?patient=7', '/dosagescheme?patient=7']);
    expect(due.textContent).not.toContain('INR invoeren');
    expect(due.textContent).toContain('INR-waarden');
  });

  it('the trombosis service enters values and adapts the scheme', async () => {
    logInAs('Trombosedienstmedewerker', 'customer');
    const alert = await render();
    expect(within(alert).getByRole('link').textContent).toMatch(/^Schema aanpassen/);
    expect(screen.getByTestId('due-table').textContent).toContain('INR invoeren');
  });
});
