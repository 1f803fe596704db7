import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { SESSION_KEYS } from '@zorgportaal/contract';
import { routes } from '../../../app/router.tsx';
import { jsonResponse, renderRoutes } from '../../../test/render.tsx';

const account = { Id: 7, Username: 'apotheker', Permissions: [{ name: 'persons.read' }] };
const tokens = {
  token_type: 'Bearer',
  access_token: 'a',
  refresh_token: 'r',
  expires_in: 900,
  Account: account,
  Permissions: account.Permissions,
};

async function submit(username: string, password: string) {
  fireEvent.change(await screen.findByLabelText(/gebruikersnaam/i), { target: { value: username } });
  fireEvent.change(screen.getByLabelText(/^wachtwoord/i), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: /inloggen/i }));
}

describe('login page', () => {
  it('shows the INVALID_CREDENTIALS toast on a 401 and leaves no tokens behind', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(401, { Code: 'INVALID_CREDENTIALS', Message: 'Invalid credentials' })),
    );
    renderRoutes(routes, '/login');
    await submit('apotheker', 'fout');
    expect(await screen.findByText('Ongeldige gebruikersnaam of wachtwoord.')).toBeTruthy();
    expect(screen.getByText('Notificatie')).toBeTruthy();
    expect(sessionStorage.getItem(SESSION_KEYS.accessToken)).toBeNull();
    expect(sessionStorage.length).toBe(0);
  });

  it('posts the exact form, stores the session and returns to the kept origin', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url === '/oauth/token'
        ? jsonResponse(200, tokens)
        : jsonResponse(200, { Id: 1, Name: 'De Linde', PharmacyIdentifier: 'AP-1' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderRoutes(routes, '/login', {
      from: { pathname: '/management/persons', search: '?q=1' },
    });
    await submit('apotheker', 'geheim');
    await waitFor(() => expect(router.state.location.pathname).toBe('/management/persons'));
    expect(router.state.location.search).toBe('?q=1');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/oauth/token');
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/x-www-form-urlencoded');
    const form = Object.fromEntries(new URLSearchParams(String(init.body)));
    expect(form).toEqual({
      client_secret: '',
      product_id: '1',
      grant_type: 'password',
      client_id: '1',
      username: 'apotheker',
      password: 'geheim',
      refresh_token: '',
    });
    expect(sessionStorage.getItem(SESSION_KEYS.accessToken)).toBe('a');
    expect(sessionStorage.getItem(SESSION_KEYS.entityType)).toBe('pharmacy');
    expect(JSON.parse(sessionStorage.getItem(SESSION_KEYS.account)!)).toMatchObject({
      Username: 'apotheker',
    });
  });

  it('moves to the 2FA step on a 403 with 2fa_required and re-posts with totp and account_id', async () => {
    const fetchMock = vi.fn(async () =>
      jsonResponse(403, { Code: 'FORBIDDEN', Message: '2FA', Action: '2fa_required', account_id: 42 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes(routes, '/login');
    await submit('tweestaps', 'geheim');
    fireEvent.change(await screen.findByLabelText(/verificatiecode/i), { target: { value: '123456' } });
    fetchMock.mockImplementation(async () => jsonResponse(422, { Code: '2FA_INVALID', Message: 'bad code' }));
    fireEvent.click(screen.getByRole('button', { name: /controleren/i }));
    expect(await screen.findByText('De verificatiecode is ongeldig.')).toBeTruthy();
    const init = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(Object.fromEntries(new URLSearchParams(String(init[1].body)))).toMatchObject({
      totp: '123456',
      account_id: '42',
      username: 'tweestaps',
    });
    expect(sessionStorage.length).toBe(0);
  });

  it('asks for both fields before posting', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes(routes, '/login');
    fireEvent.click(await screen.findByRole('button', { name: /inloggen/i }));
    expect(await screen.findByText('Vul uw gebruikersnaam in.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
