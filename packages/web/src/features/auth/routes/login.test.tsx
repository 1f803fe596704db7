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
  fireEvent.change(await screen.findByLabelText(/gebruikersnaam/i, {}, { timeout: 5000 }), {
    target: { value: username },
  });
  fireEvent.change(screen.getByLabelText(/^wachtwoord/i), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: /inloggen/i }));
}

describe('login page', { timeout: 20_000 }, () => {
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

  it('refuses an empty form with the contract check (loaded on submit) and posts nothing', async () => {
    const fetchMock = vi.fn(async (_url: string) => jsonResponse(200, tokens));
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes(routes, '/login');
    fireEvent.click(await screen.findByRole('button', { name: /inloggen/i }, { timeout: 5000 }));
    expect(await screen.findByText('Vul uw gebruikersnaam in.')).toBeTruthy();
    expect(screen.getByText('Vul uw wachtwoord in.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/gebruikersnaam/i)));
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/oauth'))).toBe(false);
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
    await waitFor(() => expect(router.state.location.pathname).toBe('/management/persons'), {
      timeout: 5000,
    });
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

  it('on a 403 2fa_required asks POST /oauth/2fa for a twofa_uuid, then posts the code with it', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url === '/oauth/2fa'
        ? jsonResponse(200, { data: { twofa_uuid: 'uuid-1' } })
        : jsonResponse(403, { Code: 'FORBIDDEN', Message: '2FA', Action: '2fa_required', account_id: 42 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes(routes, '/login');
    await submit('tweestaps', 'geheim');
    fireEvent.change(await screen.findByLabelText(/verificatiecode/i, {}, { timeout: 5000 }), {
      target: { value: '123456' },
    });
    const [challengeUrl, challengeInit] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(challengeUrl).toBe('/oauth/2fa');
    expect(Object.fromEntries(new URLSearchParams(String(challengeInit.body)))).toMatchObject({
      grant_type: 'password',
      username: 'tweestaps',
      password: 'geheim',
      product_id: '1',
      client_id: '1',
    });
    fetchMock.mockImplementation(async () => jsonResponse(422, { Code: '2FA_INVALID', Message: 'bad code' }));
    fireEvent.click(screen.getByRole('button', { name: /controleren/i }));
    expect(await screen.findByText('De verificatiecode is ongeldig.')).toBeTruthy();
    const [tokenUrl, tokenInit] = fetchMock.mock.calls[2] as unknown as [string, RequestInit];
    expect(tokenUrl).toBe('/oauth/token');
    expect(Object.fromEntries(new URLSearchParams(String(tokenInit.body)))).toMatchObject({
      grant_type: 'password',
      username: 'tweestaps',
      password: 'geheim',
      totp: '123456',
      account_id: '42',
      twofa_uuid: 'uuid-1',
    });
    // A wrong code keeps the 2FA step (a new code can be tried) and leaves no session behind.
    expect(screen.getByLabelText(/verificatiecode/i)).toBeTruthy();
    expect(sessionStorage.length).toBe(0);
  });

  it("shows a wrong 2FA code as the code field's error, empties the field and focuses it", async () => {
    const fetchMock = vi.fn(async (url: string, _init?: RequestInit) =>
      url === '/oauth/2fa'
        ? jsonResponse(200, { data: { twofa_uuid: 'uuid-1' } })
        : jsonResponse(403, { Code: 'FORBIDDEN', Message: '2FA', Action: '2fa_required', account_id: 42 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes(routes, '/login');
    await submit('tweestaps', 'geheim');
    const code = await screen.findByLabelText<HTMLInputElement>(/verificatiecode/i, {}, { timeout: 5000 });
    fireEvent.change(code, { target: { value: '654321' } });
    fetchMock.mockImplementation(async () => jsonResponse(422, { Code: '2FA_INVALID', Message: 'bad code' }));
    fireEvent.click(screen.getByRole('button', { name: /controleren/i }));
    await waitFor(() => expect(code.getAttribute('aria-invalid')).toBe('true'));
    expect(code.value).toBe('');
    expect(document.activeElement).toBe(code);
    const described = (code.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
    expect(described.map((id) => document.getElementById(id)?.textContent).join(' ')).toContain(
      'De verificatiecode is ongeldig.',
    );
    // The next code goes to the server from the same step.
    fireEvent.change(code, { target: { value: '111222' } });
    fireEvent.click(screen.getByRole('button', { name: /controleren/i }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([, init]) =>
          String((init as RequestInit | undefined)?.body ?? '').includes('totp=111222'),
        ),
      ).toBe(true),
    );
  });

  it('also takes the 2FA step on a 500 with Action 2fa_required, and logs in with the code', async () => {
    const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
      if (url === '/oauth/2fa') return jsonResponse(200, { data: { twofa_uuid: 'uuid-2' } });
      if (url === '/oauth/token')
        return new URLSearchParams(String(init.body)).get('totp')
          ? jsonResponse(200, tokens)
          : jsonResponse(500, { Code: 'ERROR', Message: 'x', Action: '2fa_required', account_id: 7 });
      return jsonResponse(200, { Id: 1, Name: 'De Linde', PharmacyIdentifier: 'AP-1' });
    });
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderRoutes(routes, '/login');
    await submit('apotheker', 'geheim');
    fireEvent.change(await screen.findByLabelText(/verificatiecode/i, {}, { timeout: 5000 }), {
      target: { value: '654321' },
    });
    fireEvent.click(screen.getByRole('button', { name: /controleren/i }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/management/persons'), {
      timeout: 5000,
    });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/oauth/token',
      '/oauth/2fa',
      '/oauth/token',
      '/api/management/settings',
    ]);
    expect(sessionStorage.getItem(SESSION_KEYS.accessToken)).toBe('a');
  });

  it('shows the catalogue toast and stays on DEFAULT when POST /oauth/2fa fails (429)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/oauth/2fa'
          ? jsonResponse(429, { Code: 'TOO_MANY_ATTEMPTS', Message: 'slow down' })
          : jsonResponse(403, { Code: 'FORBIDDEN', Message: '2FA', Action: '2fa_required', account_id: 42 }),
      ),
    );
    renderRoutes(routes, '/login');
    await submit('tweestaps', 'geheim');
    expect(await screen.findByText('Te veel inlogpogingen. Probeer het later opnieuw.')).toBeTruthy();
    expect(screen.queryByLabelText(/verificatiecode/i)).toBeNull();
    expect(screen.getByLabelText(/gebruikersnaam/i)).toBeTruthy();
    expect(sessionStorage.length).toBe(0);
  });

  it('on a 403 pwchange_required changes the password with the one just typed, then logs in with the new one', async () => {
    const newPassword = 'paard-batterij-niet';
    const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
      const form = new URLSearchParams(String(init.body));
      if (url === '/oauth/token')
        return form.get('password') === newPassword
          ? jsonResponse(200, tokens)
          : jsonResponse(403, {
              Code: 'FORBIDDEN',
              Message: 'pw',
              Action: 'pwchange_required',
              account_id: 5,
            });
      if (url === '/api/auth/passwordreset') return jsonResponse(200, { message: 'ok' });
      return jsonResponse(200, { Id: 2, Name: 'De Berk', CareCenter: true });
    });
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderRoutes(routes, '/login');
    await submit('nieuw', 'oud-wachtwoord');
    const first = await screen.findByLabelText(/^nieuw wachtwoord/i);
    fireEvent.change(first, { target: { value: 'kort' } });
    expect(screen.getByTestId('password-rule-length').dataset.ok).toBe('false');
    fireEvent.change(first, { target: { value: newPassword } });
    fireEvent.change(screen.getByLabelText(/^herhaal/i), { target: { value: newPassword } });
    expect(screen.getByTestId('password-rule-length').dataset.ok).toBe('true');
    expect(screen.getByTestId('password-rule-match').dataset.ok).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: /^wachtwoord wijzigen/i }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), { timeout: 5000 });
    const [resetUrl, resetInit] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(resetUrl).toBe('/api/auth/passwordreset');
    expect(new Headers(resetInit.headers).get('Authorization')).toBeNull();
    expect(Object.fromEntries(new URLSearchParams(String(resetInit.body)))).toEqual({
      account_id: '5',
      current_password: 'oud-wachtwoord',
      password: newPassword,
      password_confirmation: newPassword,
    });
    const relogin = new URLSearchParams(
      String((fetchMock.mock.calls[2] as unknown as [string, RequestInit])[1].body),
    );
    expect(Object.fromEntries(relogin)).toMatchObject({ username: 'nieuw', password: newPassword });
    expect(sessionStorage.getItem(SESSION_KEYS.entityType)).toBe('carecenter');
  });

  it("shows the server's field message when the new password is refused (422), staying on the step", async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url === '/oauth/token'
        ? jsonResponse(403, { Code: 'FORBIDDEN', Message: 'pw', Action: 'pwchange_required', account_id: 5 })
        : jsonResponse(422, {
            Code: 'VALIDATION_FAILED',
            Message: 'Invalid',
            Fields: { password: 'Dit wachtwoord komt voor op een lijst met veelgebruikte wachtwoorden.' },
          }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes(routes, '/login');
    await submit('nieuw', 'oud-wachtwoord');
    fireEvent.change(await screen.findByLabelText(/^nieuw wachtwoord/i, {}, { timeout: 5000 }), {
      target: { value: 'password1234' },
    });
    fireEvent.change(screen.getByLabelText(/^herhaal/i), { target: { value: 'password1234' } });
    fireEvent.click(screen.getByRole('button', { name: /^wachtwoord wijzigen/i }));
    // In the field and in the toast.
    await waitFor(() =>
      expect(
        screen.getAllByText('Dit wachtwoord komt voor op een lijst met veelgebruikte wachtwoorden.'),
      ).toHaveLength(2),
    );
    expect(screen.getByTestId('password-change-form')).toBeTruthy();
    expect(sessionStorage.length).toBe(0);
  });

  it('does not post a new password the client can already refuse', async () => {
    const fetchMock = vi.fn(async () =>
      jsonResponse(403, { Code: 'FORBIDDEN', Message: 'pw', Action: 'pwchange_required', account_id: 5 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes(routes, '/login');
    await submit('nieuw', 'oud-wachtwoord');
    fireEvent.change(await screen.findByLabelText(/^nieuw wachtwoord/i, {}, { timeout: 5000 }), {
      target: { value: 'nieuw' },
    });
    fireEvent.click(screen.getByRole('button', { name: /^wachtwoord wijzigen/i }));
    expect(await screen.findByText('Het wachtwoord moet minimaal 12 tekens lang zijn.')).toBeTruthy();
    expect(screen.getByText('De wachtwoorden komen niet overeen.')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('asks for both fields before posting', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes(routes, '/login');
    fireEvent.click(await screen.findByRole('button', { name: /inloggen/i }, { timeout: 5000 }));
    expect(await screen.findByText('Vul uw gebruikersnaam in.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
