import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { SESSION_KEYS } from '@zorgportaal/contract';
import { routes } from '../../../app/router.tsx';
import { jsonResponse, renderRoutes } from '../../../test/render.tsx';

const profile = {
  PersonId: 21,
  NameInformation: {
    FirstNames: 'Willem',
    LastName: { Prefix: 'van den', LastName: 'Berg' },
    LastNamePartner: null,
  },
  DateOfBirth: '1970-05-01',
  EmailAddress: ['huisarts@zorgportaal.example'],
  Avatar: null,
};

// Route-level tests load the full layout and the page chunk; the save takes three submits: allow for a busy machine.
describe('profile (/user/profile)', { timeout: 30_000 }, () => {
  beforeEach(() => {
    sessionStorage.setItem(SESSION_KEYS.accessToken, 'tok');
    sessionStorage.setItem(SESSION_KEYS.expiresAt, String(Date.now() + 600_000));
    sessionStorage.setItem(
      SESSION_KEYS.account,
      JSON.stringify({ Id: 9, Username: 'huisarts', Permissions: [] }),
    );
  });

  it('shows the error state with a retry when the profile cannot be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/account/profile'
          ? jsonResponse(404, { Code: 'NOT_FOUND', Message: 'Niet gevonden' })
          : jsonResponse(200, {}),
      ),
    );
    renderRoutes(routes, '/user/profile');
    expect((await screen.findByTestId('profile-error', {}, { timeout: 5000 })).textContent).toContain(
      'Uw profiel kon niet worden geladen.',
    );
  });

  it('fills the form, validates in Dutch and saves the PUT body', async () => {
    const puts: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        if (url === '/api/account/profile' && init.method === 'PUT') {
          const body = JSON.parse(String(init.body));
          puts.push(body);
          return jsonResponse(200, { ...profile, ...body });
        }
        if (url === '/api/account/profile') return jsonResponse(200, profile);
        if (url === '/api/person/avatar/21') return jsonResponse(200, { data: null });
        return jsonResponse(200, {});
      }),
    );
    renderRoutes(routes, '/user/profile');
    expect(await screen.findByTestId('profile-skeleton', {}, { timeout: 5000 })).toBeTruthy();
    const first = await screen.findByTestId('profile-first-names');
    expect((first as HTMLInputElement).value).toBe('Willem');
    expect((screen.getByTestId('profile-date-of-birth') as HTMLInputElement).value).toBe('01-05-1970');
    fireEvent.input(screen.getByTestId('profile-date-of-birth'), { target: { value: '31-02-1949' } });
    fireEvent.click(screen.getByTestId('profile-save'));
    expect(await screen.findByText('Vul een bestaande datum in.')).toBeTruthy();
    expect(puts).toHaveLength(0);
    fireEvent.input(screen.getByTestId('profile-date-of-birth'), { target: { value: '01-01-2999' } });
    fireEvent.click(screen.getByTestId('profile-email-add'));
    fireEvent.change(screen.getByTestId('profile-email-1'), { target: { value: 'w.berg@example.nl' } });
    fireEvent.click(screen.getByTestId('profile-save'));
    expect(await screen.findByText('De geboortedatum mag niet in de toekomst liggen.')).toBeTruthy();
    expect(puts).toHaveLength(0);
    fireEvent.input(screen.getByTestId('profile-date-of-birth'), { target: { value: '2-6-1971' } });
    // A changed address list asks for the current password (step-up) before anything is sent.
    fireEvent.click(screen.getByTestId('profile-save'));
    expect(await screen.findByText('Vul uw huidige wachtwoord in.')).toBeTruthy();
    expect(puts).toHaveLength(0);
    fireEvent.change(screen.getByTestId('profile-current-password'), { target: { value: 'geheim' } });
    fireEvent.click(screen.getByTestId('profile-save'));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      NameInformation: {
        FirstNames: 'Willem',
        LastName: { Prefix: 'van den', LastName: 'Berg' },
        LastNamePartner: null,
      },
      DateOfBirth: '1971-06-02',
      EmailAddress: ['huisarts@zorgportaal.example', 'w.berg@example.nl'],
      current_password: 'geheim',
    });
    expect(await screen.findByText('Uw gegevens zijn opgeslagen.')).toBeTruthy();
  });
});
