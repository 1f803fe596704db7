import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Patient } from '@zorgportaal/contract';
import { MemoryRouter } from 'react-router';
import { jsonResponse, TestProviders } from '../../test/render.tsx';
import { PatientFormDialog } from './patient-form-dialog.tsx';

const patient: Patient = {
  Id: 7,
  PersonId: 3,
  EntityId: 2,
  NameInformation: { FirstNames: 'Bert', LastName: { Prefix: null, LastName: 'Bakker' } },
  ScreenName: 'Bert Bakker',
  DateOfBirth: '1940-05-01',
  Bsn: '111222333',
  DepartmentId: 4,
  DepartmentName: 'Eikenhof',
  Room: 'E1.01',
  PharmacyEntityId: 9,
  PharmacyName: 'Apotheek De Linde',
  GpName: 'W. van den Berg',
  PrescriberEntityId: 5,
  PrescriberName: 'Huisartsenpraktijk Linde',
  Allergies: ['Penicilline'],
  ConsentStatus: 'given',
};

/** Serves the departments and records the save. */
function serve() {
  const saved: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const path = new URL(input, 'http://localhost').pathname;
      if (path === '/api/medication/departments')
        return jsonResponse(200, { Rows: [{ Id: 4, Name: 'Eikenhof', EntityId: 2, EntityName: 'De Berk' }] });
      if (path === '/api/patients/prescribers')
        return jsonResponse(200, {
          Rows: [
            { Id: 5, Name: 'Huisartsenpraktijk Linde' },
            { Id: 6, Name: 'Huisartsenpraktijk Eikendal' },
          ],
        });
      saved.push({ method: init?.method ?? 'GET', path, body: JSON.parse(String(init?.body)) });
      return jsonResponse(200, patient);
    }),
  );
  return saved;
}

describe('<PatientFormDialog> (client screen)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('refuses a BSN that fails the elfproef and a missing department without calling the server', async () => {
    const saved = serve();
    render(
      <TestProviders>
        <PatientFormDialog name="Bert Bakker" personId={3} onClose={() => {}} />
      </TestProviders>,
    );
    fireEvent.change(await screen.findByTestId('patient-bsn'), { target: { value: '123456788' } });
    fireEvent.click(screen.getByTestId('patient-form-submit'));
    expect(await screen.findByText('Dit is geen geldig BSN (9 cijfers, elfproef).')).toBeTruthy();
    expect(screen.getByText('Kies een afdeling.')).toBeTruthy();
    expect(saved).toEqual([]);
  });

  it('saves an edit with PUT and keeps the pharmacy, which is not on the form', async () => {
    const saved = serve();
    const onClose = vi.fn();
    render(
      <TestProviders>
        <PatientFormDialog name="Bert Bakker" patient={patient} onClose={onClose} />
      </TestProviders>,
    );
    fireEvent.change(await screen.findByTestId('patient-room'), { target: { value: '  E2.05 ' } });
    fireEvent.click(screen.getByTestId('patient-form-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(saved).toEqual([
      {
        method: 'PUT',
        path: '/api/patient/7',
        body: {
          Bsn: '111222333',
          DepartmentId: 4,
          Room: 'E2.05',
          PharmacyEntityId: 9,
          GpName: 'W. van den Berg',
          PrescriberEntityId: 5,
          Allergies: ['Penicilline'],
        },
      },
    ]);
  });

  it('offers the linked GP practices as prescriber and sends the chosen one', async () => {
    const saved = serve();
    const onClose = vi.fn();
    render(
      <TestProviders>
        <PatientFormDialog name="Bert Bakker" patient={patient} onClose={onClose} />
      </TestProviders>,
    );
    const select = await screen.findByTestId('patient-prescriber');
    await waitFor(() => expect((select as HTMLInputElement).disabled).toBe(false));
    fireEvent.click(select);
    fireEvent.click(await screen.findByRole('option', { name: 'Huisartsenpraktijk Eikendal', hidden: true }));
    fireEvent.click(screen.getByTestId('patient-form-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(saved).toMatchObject([{ method: 'PUT', body: { PrescriberEntityId: 6 } }]);
  });

  it('switches to the existing client when the person is a client already', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => {
        const url = new URL(input, 'http://localhost');
        if (url.pathname === '/api/medication/departments')
          return jsonResponse(200, {
            Rows: [{ Id: 4, Name: 'Eikenhof', EntityId: 2, EntityName: 'De Berk' }],
          });
        if (init?.method === 'POST')
          return jsonResponse(409, { Code: 'CONFLICT', Message: 'Deze persoon is al cliënt.' });
        if (url.pathname === '/api/patients' && url.searchParams.get('personId') === '3')
          return jsonResponse(200, { Rows: [patient] });
        return jsonResponse(404, { Code: 'NOT_FOUND', Message: 'Niet gevonden.' });
      }),
    );
    const onAlreadyClient = vi.fn();
    render(
      <TestProviders>
        <MemoryRouter>
          <PatientFormDialog
            name="Bert Bakker"
            personId={3}
            onClose={() => {}}
            onAlreadyClient={onAlreadyClient}
          />
        </MemoryRouter>
      </TestProviders>,
    );
    fireEvent.change(await screen.findByTestId('patient-bsn'), { target: { value: '111222333' } });
    const department = screen.getByTestId('patient-department');
    await waitFor(() => expect((department as HTMLInputElement).disabled).toBe(false));
    fireEvent.click(department);
    fireEvent.click(await screen.findByRole('option', { name: 'Eikenhof', hidden: true }));
    fireEvent.click(screen.getByTestId('patient-form-submit'));
    await waitFor(() => expect(onAlreadyClient).toHaveBeenCalledWith(7));
  });
});
