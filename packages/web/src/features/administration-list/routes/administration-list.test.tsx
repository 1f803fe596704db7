import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { jsonResponse, renderRoutes } from '../../../test/render.tsx';
import { moment, registration, summary } from '../utils/test-fixtures.ts';
import AdministrationListPage from './administration-list.tsx';

const departments = { Rows: [{ Id: 4, Name: 'Afdeling Eikenhof', EntityId: 2, EntityName: 'De Berk' }] };
const list = {
  DepartmentId: 4,
  DepartmentName: 'Afdeling Eikenhof',
  Date: '2026-03-10',
  MayRegister: true,
  Summary: summary(),
  Moments: [
    moment({ AgreementId: 1, Time: '08:00', PatientName: 'Anna de Vries' }),
    moment({ AgreementId: 2, Time: '08:00', PatientName: 'Bert Bakker', ConsentMissing: true }),
    moment({
      AgreementId: 3,
      Time: '12:00',
      ScheduledAt: '2026-03-10T11:00:00.000Z',
      DoubleCheckRequired: true,
    }),
    moment({ AgreementId: 4, Time: null, ScheduledAt: null, AsNeeded: true, AsNeededCriterion: 'bij pijn' }),
  ],
};

describe('/administrationlist', () => {
  let posts: unknown[];
  let stored: typeof list & { MayRegister: boolean };
  beforeEach(() => {
    posts = [];
    stored = list;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => {
        const url = new URL(input, 'http://localhost');
        if (url.pathname === '/api/medication/departments') return jsonResponse(200, departments);
        if (url.pathname === '/api/administration/list') return jsonResponse(200, stored);
        if (url.pathname === '/api/administration/registration' && init?.method === 'POST') {
          const body = JSON.parse(String(init.body)) as { AgreementId: number; ScheduledAt: string };
          posts.push(body);
          const saved = registration({
            Id: 50,
            AgreementId: body.AgreementId,
            ScheduledAt: body.ScheduledAt,
          });
          // The server keeps it: the refetch after the registration returns it too.
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
  afterEach(() => vi.useRealTimers());

  it('groups the moments by time, lists as-needed apart, warns about consent, registers in one tap', async () => {
    renderRoutes(
      [{ path: '/administrationlist', element: <AdministrationListPage /> }],
      '/administrationlist',
    );
    expect(screen.getByTestId('administration-list-skeleton')).toBeTruthy();
    const groups = await screen.findAllByTestId('time-group');
    expect(groups.map((group) => group.dataset.time)).toEqual(['08:00', '12:00']);
    expect(within(groups[0]!).getAllByTestId('moment-card')).toHaveLength(2);
    expect(within(screen.getByTestId('as-needed-section')).getByText('Zo nodig bij: bij pijn')).toBeTruthy();
    expect(screen.getByTestId('consent-warning').textContent).toContain('Bert Bakker');
    expect(within(groups[1]!).getByTestId('double-check-badge')).toBeTruthy();
    // Opened scrolled to the current round, the sticky round heading still says which list this is.
    expect(
      within(groups[1]!).getByTestId('round-heading').querySelector('[data-testid="round-context"]')
        ?.textContent,
    ).toBe('Afdeling Eikenhof · 10-03-2026');

    const first = within(groups[0]!).getAllByTestId('moment-card')[0]!;
    fireEvent.click(within(first).getByTestId('give-button'));
    await waitFor(() => expect(first.dataset.state).toBe('given'));
    expect(posts).toEqual([
      expect.objectContaining({ AgreementId: 1, ScheduledAt: list.Moments[0]!.ScheduledAt, Status: 'given' }),
    ]);
  });

  it('shows a reader who does not administer here (the pharmacy) the list without register buttons, and why', async () => {
    const waiting = registration({
      Id: 60,
      AgreementId: 3,
      DoubleCheckRequired: true,
      AwaitingDoubleCheck: true,
    });
    stored = {
      ...list,
      MayRegister: false,
      Moments: list.Moments.map((m) => (m.AgreementId === 3 ? { ...m, Registrations: [waiting] } : m)),
    };
    renderRoutes(
      [{ path: '/administrationlist', element: <AdministrationListPage /> }],
      '/administrationlist',
    );
    expect((await screen.findByTestId('administration-list-read-only')).textContent).toBe(
      'U kunt deze toedienlijst alleen inzien: toedieningen registreren de medewerkers van de zorginstelling zelf.',
    );
    expect(screen.getAllByTestId('moment-card')).toHaveLength(3);
    expect(screen.getByTestId('as-needed-card')).toBeTruthy();
    for (const button of ['give-button', 'deviation-button', 'correct-button', 'double-check-button'])
      expect(screen.queryAllByTestId(button), button).toHaveLength(0);
    // The registration itself is shown.
    expect(screen.getAllByTestId('moment-card')[2]!.dataset.state).toBe('awaiting_check');
    expect(posts).toEqual([]);
  });

  it('shows the register buttons to the care centre, without the read-only line', async () => {
    renderRoutes(
      [{ path: '/administrationlist', element: <AdministrationListPage /> }],
      '/administrationlist',
    );
    await screen.findAllByTestId('moment-card');
    expect(screen.getAllByTestId('give-button')).toHaveLength(4);
    expect(screen.queryByTestId('administration-list-read-only')).toBeNull();
  });

  it('shows the error with a retry when the list cannot be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) =>
        new URL(input, 'http://localhost').pathname === '/api/medication/departments'
          ? jsonResponse(200, departments)
          : jsonResponse(403, { Code: 'FORBIDDEN', Message: 'Geen toegang' }),
      ),
    );
    renderRoutes(
      [{ path: '/administrationlist', element: <AdministrationListPage /> }],
      '/administrationlist',
    );
    expect((await screen.findByTestId('administration-list-error')).textContent).toContain('Geen toegang');
  });
});
