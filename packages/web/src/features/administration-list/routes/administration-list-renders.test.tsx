import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PlannedMoment } from '@zorgportaal/contract';
import { jsonResponse, renderRoutes } from '../../../test/render.tsx';
import { moment, registration, summary } from '../utils/test-fixtures.ts';
import AdministrationListPage from './administration-list.tsx';

/** How often each card rendered, counted through its first line (one per card render), by client name. */
const renders = vi.hoisted(() => new Map<string, number>());
vi.mock('../components/patient-line.tsx', () => ({
  PatientLine: ({ moment }: { moment: PlannedMoment }) => {
    renders.set(moment.PatientName, (renders.get(moment.PatientName) ?? 0) + 1);
    return <span>{moment.PatientName}</span>;
  },
}));

const departments = { Rows: [{ Id: 4, Name: 'Afdeling Eikenhof', EntityId: 2, EntityName: 'De Berk' }] };
const NAMES = ['Anna de Vries', 'Bert Bakker', 'Cor Jansen', 'Dirk Smit'];
const list = {
  DepartmentId: 4,
  DepartmentName: 'Afdeling Eikenhof',
  Date: '2026-03-10',
  MayRegister: true,
  Summary: summary(),
  Moments: NAMES.map((PatientName, i) => moment({ AgreementId: i + 1, Time: '08:00', PatientName })),
};

/**
 * The list page renders again on every poll and query update; on a ward tablet with ~90 cards, rendering every
 * card each time cost most of a page load's CPU. An unchanged moment keeps its card as it is.
 */
describe('/administrationlist renders only the cards that changed', () => {
  let stored: typeof list;
  beforeEach(() => {
    renders.clear();
    stored = list;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => {
        const url = new URL(input, 'http://localhost');
        if (url.pathname === '/api/medication/departments') return jsonResponse(200, departments);
        if (url.pathname === '/api/administration/list') return jsonResponse(200, stored);
        if (url.pathname === '/api/administration/registration' && init?.method === 'POST') {
          const body = JSON.parse(String(init.body)) as { AgreementId: number; ScheduledAt: string };
          const saved = registration({
            Id: 50,
            AgreementId: body.AgreementId,
            ScheduledAt: body.ScheduledAt,
          });
          stored = {
            ...stored,
            Moments: stored.Moments.map((m) =>
              m.AgreementId === body.AgreementId ? { ...m, Registrations: [saved] } : m,
            ),
          };
          return jsonResponse(201, saved);
        }
        return jsonResponse(404, { Code: 'NOT_FOUND', Message: 'Niet gevonden' });
      }),
    );
  });

  it('a page update that changes no moment renders no card again; a registration renders only its own card', async () => {
    renderRoutes(
      [{ path: '/administrationlist', element: <AdministrationListPage /> }],
      '/administrationlist',
    );
    expect(await screen.findAllByTestId('moment-card')).toHaveLength(4);
    const settled = new Map(renders);

    // "Alleen open" on and off renders the page twice; every moment is still open, so every card stays as it was.
    for (const checked of [true, false]) {
      fireEvent.click(screen.getByTestId('open-only'));
      await waitFor(() => expect(screen.getByTestId('open-only')).toHaveProperty('checked', checked));
      expect(screen.getAllByTestId('moment-card')).toHaveLength(4);
    }
    expect(new Map(renders)).toEqual(settled);

    // Giving Anna's dose changes her moment (the list is fetched again): her card renders, the others do not.
    const anna = screen.getAllByTestId('moment-card')[0]!;
    fireEvent.click(within(anna).getByTestId('give-button'));
    await waitFor(() => expect(anna.dataset.state).toBe('given'));
    expect(renders.get('Anna de Vries')).toBeGreaterThan(settled.get('Anna de Vries')!);
    for (const name of NAMES.slice(1)) expect(renders.get(name), name).toBe(settled.get(name));
  });
});
