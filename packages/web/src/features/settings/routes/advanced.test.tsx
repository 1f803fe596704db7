import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { jsonResponse, renderRoutes } from '../../../test/render.tsx';
import AdvancedPage from './advanced.tsx';

const careCentre = { Id: 2, Name: 'Zorgcentrum De Berk', Type: 'carecenter', CareCenter: true };

describe('/management/advanced: the dose time window', () => {
  let puts: Record<string, unknown>[];
  let settings: Record<string, unknown>;
  beforeEach(() => {
    // The welcome text's autosize listens for web fonts, which jsdom does not have.
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
    puts = [];
    settings = careCentre;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => {
        const url = new URL(input, 'http://localhost');
        if (url.pathname === '/api/management/settings') return jsonResponse(200, settings);
        if (url.pathname === '/api/management/settings/1' && init?.method === 'PUT') {
          const body = JSON.parse(String(init.body)) as Record<string, unknown>;
          puts.push(body);
          return jsonResponse(200, { ...settings, ...body });
        }
        return jsonResponse(200, { Rows: [] });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  const render = () =>
    renderRoutes([{ path: '/management/advanced', element: <AdvancedPage /> }], '/management/advanced');

  it('a care centre sees the default 60/60 and saves its own window', async () => {
    render();
    const before = await screen.findByLabelText('Minuten vóór de geplande tijd');
    expect((before as HTMLInputElement).value).toBe('60');
    expect((screen.getByLabelText('Minuten na de geplande tijd') as HTMLInputElement).value).toBe('60');
    fireEvent.change(before, { target: { value: '90' } });
    fireEvent.click(screen.getByTestId('advanced-save'));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({ DoseWindowBeforeMinutes: 90, DoseWindowAfterMinutes: 60 });
  });

  it("a care centre chooses to name its own staff in the clients' access overview", async () => {
    render();
    const box = await screen.findByTestId('advanced-access-staff-names');
    expect((box as HTMLInputElement).checked).toBe(false);
    fireEvent.click(box);
    fireEvent.click(screen.getByTestId('advanced-save'));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({ AccessOverviewStaffNames: true });
  });

  it('refuses a window over 180 minutes before saving', async () => {
    render();
    fireEvent.change(await screen.findByLabelText('Minuten na de geplande tijd'), {
      target: { value: '200' },
    });
    fireEvent.click(screen.getByTestId('advanced-save'));
    expect(await screen.findByText('Het venster is hoogstens 180 minuten.')).toBeTruthy();
    expect(puts).toEqual([]);
  });

  it('a pharmacy has no dose window', async () => {
    settings = {
      Id: 1,
      Name: 'Apotheek De Linde',
      Type: 'pharmacy',
      CareCenter: false,
      PharmacyIdentifier: 'AGB-1',
    };
    render();
    await screen.findByTestId('advanced-name');
    expect(screen.queryByTestId('advanced-dose-window')).toBeNull();
    expect(screen.queryByTestId('advanced-access-overview')).toBeNull();
  });

  it('any organisation sets the contact details its clients read; a wrong e-mail is refused before saving', async () => {
    settings = { Id: 7, Name: 'Trombosedienst Midden', Type: 'customer', CareCenter: false };
    render();
    const phone = await screen.findByLabelText('Telefoonnummer');
    fireEvent.change(phone, { target: { value: ' 030-2345678 ' } });
    fireEvent.change(screen.getByLabelText('E-mailadres'), { target: { value: 'dosering@' } });
    fireEvent.click(screen.getByTestId('advanced-save'));
    expect(await screen.findByText('Vul een geldig e-mailadres in.')).toBeTruthy();
    expect(puts).toEqual([]);
    fireEvent.change(screen.getByLabelText('E-mailadres'), { target: { value: 'dosering@example.nl' } });
    fireEvent.click(screen.getByTestId('advanced-save'));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({ ContactPhone: '030-2345678', ContactEmail: 'dosering@example.nl' });
  });
});
