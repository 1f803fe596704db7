import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type {
  MedicationDashboard,
  MedicationDashboardList,
  MedicationDashboardRow,
} from '@zorgportaal/contract';
import { jsonResponse, renderRoutes } from '../../../test/render.tsx';
import MedicationDashboardPage from './medication-dashboard.tsx';

const client = {
  PatientId: 3,
  PatientName: 'Anna de Vries',
  DepartmentName: 'Afdeling Eikenhof',
  EntityName: 'Zorgcentrum De Berk',
  AgreementId: null,
  Medication: null,
  Prescriber: null,
  At: null,
  Reason: null,
  StopType: null,
  InterimKind: null,
  Roll: null,
  ConsentStatus: null,
  Allergies: [],
} satisfies MedicationDashboardRow;

const dashboard: MedicationDashboard = {
  WeekStart: '2026-03-09',
  WeekEnd: '2026-03-15',
  Figures: [
    { List: 'started', Count: 0 },
    { List: 'changed', Count: 0 },
    { List: 'stopped', Count: 1 },
    { List: 'unsigned', Count: 0 },
    { List: 'interim', Count: 1 },
    { List: 'noConsent', Count: 0 },
    { List: 'allergies', Count: 2 },
  ],
};

const lists: Partial<Record<string, MedicationDashboardList>> = {
  stopped: {
    WeekStart: '2026-03-09',
    WeekEnd: '2026-03-15',
    List: 'stopped',
    Total: 1,
    Rows: [
      {
        ...client,
        AgreementId: 8,
        Medication: 'METOPROLOL TABLET 50MG',
        At: '2026-03-10T09:00:00.000Z',
        StopType: 'paused',
        Reason: 'Bloeddruk te laag',
      },
    ],
  },
  interim: {
    WeekStart: '2026-03-09',
    WeekEnd: '2026-03-15',
    List: 'interim',
    Total: 1,
    Rows: [
      {
        ...client,
        AgreementId: 9,
        Medication: 'OMEPRAZOL CAPSULE 20MG',
        At: '2026-03-10T09:00:00.000Z',
        InterimKind: 'changed',
        Roll: { From: '2026-03-09', To: '2026-03-15' },
      },
    ],
  },
  allergies: {
    WeekStart: '2026-03-09',
    WeekEnd: '2026-03-15',
    List: 'allergies',
    Total: 2,
    Rows: [
      { ...client, Allergies: ['penicilline', 'jodium'] },
      { ...client, PatientId: 4, PatientName: 'Bert Bakker', Allergies: ['latex'] },
    ],
  },
};

const render = (path = '/zp/medication/dashboard') =>
  renderRoutes([{ path: '/zp/medication/dashboard', element: <MedicationDashboardPage /> }], path);

describe('/zp/medication/dashboard (Medicatiedashboard)', () => {
  let asked: string[];
  beforeEach(() => {
    asked = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        const url = new URL(input, 'http://localhost');
        if (url.pathname === '/api/medication/dashboard') return jsonResponse(200, dashboard);
        if (url.pathname === '/api/medication/dashboard/list') {
          const list = url.searchParams.get('list')!;
          asked.push(list);
          return jsonResponse(200, lists[list]);
        }
        return jsonResponse(404, { Code: 'NOT_FOUND', Message: 'Niet gevonden' });
      }),
    );
  });

  it('shows one tile per list, each a link to its list, and asks for no list until one is chosen', async () => {
    render();
    const tiles = await screen.findAllByTestId('medication-dashboard-tile');
    expect(tiles.map((tile) => tile.dataset.list)).toEqual(dashboard.Figures.map((f) => f.List));
    expect(tiles.map((tile) => tile.getAttribute('href'))).toEqual(
      dashboard.Figures.map((f) => `/zp/medication/dashboard?list=${f.List}`),
    );
    expect(screen.getByTestId('medication-dashboard-week').textContent).toBe(
      'Deze week: 09-03-2026 t/m 15-03-2026',
    );
    expect(screen.getByTestId('medication-dashboard-choose')).toBeTruthy();
    expect(asked).toEqual([]);
  });

  it('opens the list of a tile below the tiles, as many rows as the tile says', async () => {
    render();
    const tile = (await screen.findAllByTestId('medication-dashboard-tile')).find(
      (x) => x.dataset.list === 'allergies',
    )!;
    expect(within(tile).getByTestId('medication-dashboard-tile-value').textContent).toBe('2');
    fireEvent.click(tile);
    const list = await screen.findByTestId('medication-dashboard-list');
    expect(list.dataset.list).toBe('allergies');
    expect(within(list).getAllByTestId('medication-dashboard-row')).toHaveLength(2);
    expect(within(list).getAllByTestId('medication-dashboard-row')[0]!.textContent).toContain(
      'penicilline, jodium',
    );
    expect(tile.getAttribute('aria-current')).toBe('true');
    // The client opens their medication overview.
    expect(within(list).getAllByRole('link')[0]!.getAttribute('href')).toBe('/amo?patient=3');
  });

  it('says what kind of stop and which roll week, in Dutch', async () => {
    render('/zp/medication/dashboard?list=stopped');
    const stopped = await screen.findByTestId('medication-dashboard-row');
    expect(stopped.textContent).toContain('Gepauzeerd');
    expect(stopped.textContent).toContain('Bloeddruk te laag');

    fireEvent.click(
      (await screen.findAllByTestId('medication-dashboard-tile')).find((x) => x.dataset.list === 'interim')!,
    );
    const row = await screen.findByText(/OMEPRAZOL/);
    const cells = row.closest('tr')!.textContent!;
    expect(cells).toContain('09-03-2026 t/m 15-03-2026');
    expect(cells).toContain('Gewijzigd');
  });

  it('ignores an unknown list in the address', async () => {
    render('/zp/medication/dashboard?list=nope');
    await screen.findAllByTestId('medication-dashboard-tile');
    expect(screen.getByTestId('medication-dashboard-choose')).toBeTruthy();
    expect(asked).toEqual([]);
  });
});
