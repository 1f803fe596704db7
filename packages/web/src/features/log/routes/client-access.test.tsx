import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type AccessOverview, SESSION_KEYS } from '@zorgportaal/contract';
import { jsonResponse, renderRoutes } from '../../../test/render.tsx';
import ClientAccessPage from './client-access.tsx';

const overview: AccessOverview = {
  Patient: { Id: 5, Name: 'Anna de Vries', DateOfBirth: '1938-02-14' },
  EntityName: 'Zorgcentrum De Berk',
  StaffNames: false,
  Rows: [
    {
      EventId: 'e2',
      // 23:30 UTC is the next day in Amsterdam (winter time: UTC+1).
      EventAt: '2026-01-14T23:30:00.000Z',
      Action: 'P',
      ObjectType: 'medication_agreements',
      ChangedFields: null,
      EntityName: 'Apotheek De Linde',
      Role: 'Apotheker',
      StaffName: null,
    },
    {
      EventId: 'e1',
      EventAt: '2026-01-14T08:05:00.000Z',
      Action: 'U',
      ObjectType: 'patient',
      ChangedFields: ['Room'],
      EntityName: 'Zorgcentrum De Berk',
      Role: 'Verpleegkundige',
      StaffName: null,
    },
  ],
  NextCursor: null,
};

describe('/management/log/access: who has viewed this record', () => {
  let requests: string[];
  beforeEach(() => {
    sessionStorage.setItem(SESSION_KEYS.accessToken, 'tok');
    sessionStorage.setItem(SESSION_KEYS.expiresAt, String(Date.now() + 600_000));
    requests = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        const url = new URL(input, 'http://localhost');
        requests.push(url.pathname);
        if (url.pathname === '/api/log/patients/5/access') return jsonResponse(200, overview);
        if (url.pathname === '/api/log/patients/5/access/pdf')
          return new Response('%PDF-1.3', { status: 200, headers: { 'Content-Type': 'application/pdf' } });
        return jsonResponse(404, { Code: 'NOT_FOUND', Message: 'Niet gevonden.' });
      }),
    );
    URL.createObjectURL = vi.fn(() => 'blob:pdf');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  const render = (path = '/management/log/access?patient=5') =>
    renderRoutes([{ path: '/management/log/access', element: <ClientAccessPage /> }], path);

  it('lists each access in Dutch: Amsterdam date and time, organisation, role and what, without staff names', async () => {
    render();
    const rows = await screen.findAllByTestId('access-row');
    expect(screen.getByTestId('access-patient').textContent).toBe('Anna de Vries');
    expect(screen.getByText('Geboren op 14-02-1938')).toBeTruthy();
    expect(rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))).toEqual([
      ['15-01-2026', '00:30', 'Apotheek De Linde', 'Apotheker', 'Afgedrukt: Medicatieoverzicht'],
      ['14-01-2026', '09:05', 'Zorgcentrum De Berk', 'Verpleegkundige', 'Gewijzigd: Cliënt (Kamer)'],
    ]);
    expect(within(screen.getByTestId('access-table')).queryByText('Medewerker')).toBeNull();
  });

  it('downloads the PDF the server makes', async () => {
    render();
    fireEvent.click(await screen.findByTestId('access-pdf'));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    expect(requests).toContain('/api/log/patients/5/access/pdf');
  });

  it('asks for a client when none is chosen, and asks the server nothing', async () => {
    render('/management/log/access');
    expect(await screen.findByTestId('access-no-patient')).toBeTruthy();
    expect(requests).toEqual([]);
  });
});
