import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SESSION_KEYS } from '@zorgportaal/contract';
import { routes } from '../../../app/router.tsx';
import { jsonResponse, renderRoutes } from '../../../test/render.tsx';

type Call = { url: string; method: string; body: string };

/** A fake API for the settings screen; records every call. */
function fakeApi(overrides: Record<string, () => Response> = {}) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    const method = init.method ?? 'GET';
    calls.push({ url, method, body: String(init.body ?? '') });
    const key = `${method} ${url}`;
    if (overrides[key]) return overrides[key]();
    switch (key) {
      case 'GET /api/account/2fa':
        return jsonResponse(200, { Enabled: false });
      case 'GET /api/account/2fa/generate':
        return jsonResponse(200, {
          Secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          OtpauthUrl: 'otpauth://totp/Zorgportaal:trombose?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          QrCode: 'data:image/png;base64,iVBORw0KGgo=',
        });
      case 'POST /api/account/2fa':
        return jsonResponse(200, { Enabled: true });
      case 'GET /api/account/ip/currentip':
        return jsonResponse(200, { Ip: '192.0.2.7' });
      case 'GET /api/account/ips/1':
        return jsonResponse(200, []);
      default:
        return jsonResponse(200, {});
    }
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

// Route-level tests load the full layout and the page chunk: allow for a busy machine.
describe('account settings (/user/settings)', { timeout: 20_000 }, () => {
  beforeEach(() => {
    sessionStorage.setItem(SESSION_KEYS.accessToken, 'tok');
    sessionStorage.setItem(SESSION_KEYS.refreshToken, 'ref');
    sessionStorage.setItem(SESSION_KEYS.expiresAt, String(Date.now() + 600_000));
    sessionStorage.setItem(
      SESSION_KEYS.account,
      JSON.stringify({ Id: 11, Username: 'trombose', Permissions: [] }),
    );
  });

  it('enables 2FA: shows the QR image and the secret, then posts the code as JSON', async () => {
    const calls = fakeApi();
    renderRoutes(routes, '/user/settings');
    fireEvent.click(await screen.findByTestId('twofa-enable', {}, { timeout: 5000 }));
    expect((await screen.findByTestId('totp-secret')).textContent).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(screen.getByAltText('QR-code voor uw authenticator-app').getAttribute('src')).toBe(
      'data:image/png;base64,iVBORw0KGgo=',
    );
    fireEvent.change(screen.getByTestId('twofa-code'), { target: { value: '123 456' } });
    // Step-up: without the current password nothing is sent.
    fireEvent.click(screen.getByTestId('twofa-confirm'));
    expect(await screen.findByText('Vul uw huidige wachtwoord in.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/account/2fa')).toBe(false);
    fireEvent.change(screen.getByTestId('twofa-enable-current-password'), { target: { value: 'geheim' } });
    fireEvent.click(screen.getByTestId('twofa-confirm'));
    await waitFor(() => expect(screen.getByTestId('twofa-status').dataset.enabled).toBe('true'));
    expect(JSON.parse(calls.find((c) => c.method === 'POST' && c.url === '/api/account/2fa')!.body)).toEqual({
      totp: '123456',
      current_password: 'geheim',
    });
  });

  it('changes the password with the account id of the session, as a form', async () => {
    const calls = fakeApi();
    renderRoutes(routes, '/user/settings');
    fireEvent.change(await screen.findByTestId('current-password', {}, { timeout: 5000 }), {
      target: { value: 'oud-wachtwoord' },
    });
    fireEvent.change(screen.getByTestId('new-password'), {
      target: { value: 'een-lange-zin-als-wachtwoord' },
    });
    fireEvent.change(screen.getByTestId('new-password-confirmation'), {
      target: { value: 'een-lange-zin-als-wachtwoord' },
    });
    fireEvent.click(screen.getByTestId('settings-password-submit'));
    expect(await screen.findByText('Uw wachtwoord is gewijzigd.')).toBeTruthy();
    const call = calls.find((c) => c.url === '/api/auth/passwordreset')!;
    expect(Object.fromEntries(new URLSearchParams(call.body))).toEqual({
      account_id: '11',
      current_password: 'oud-wachtwoord',
      password: 'een-lange-zin-als-wachtwoord',
      password_confirmation: 'een-lange-zin-als-wachtwoord',
    });
  });

  it('asks the current password before deleting an entry, and refuses a removal that would shut out the current address', async () => {
    const entry = (Id: number, Ip: string) => ({
      Id,
      Ip,
      ProductId: 1,
      Description: null,
      CreatedAt: '2026-01-02T10:00:00Z',
    });
    const calls = fakeApi({
      'GET /api/account/ips/1': () => jsonResponse(200, [entry(3, '192.0.2.7'), entry(4, '198.51.100.0/24')]),
    });
    const deletes = (id: number) =>
      calls.filter((c) => c.method === 'DELETE' && c.url === `/api/account/ips/${id}`);
    renderRoutes(routes, '/user/settings');
    expect((await screen.findByTestId('current-ip', {}, { timeout: 5000 })).textContent).toBe('192.0.2.7');
    fireEvent.click(await screen.findByTestId('ip-delete-4'));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByTestId('ip-lockout-warning')).toBeNull();
    fireEvent.click(within(dialog).getByTestId('confirm-dialog-confirm'));
    expect(await within(dialog).findByText('Vul uw huidige wachtwoord in.')).toBeTruthy();
    expect(deletes(4)).toEqual([]);
    fireEvent.change(within(dialog).getByTestId('ip-delete-current-password'), {
      target: { value: 'geheim' },
    });
    fireEvent.click(within(dialog).getByTestId('confirm-dialog-confirm'));
    await waitFor(() => expect(deletes(4)).toHaveLength(1));
    expect(JSON.parse(deletes(4)[0]!.body)).toEqual({ current_password: 'geheim' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Without 198.51.100.0/24 still listed, removing 192.0.2.7 would shut out this address: said, not sent.
    fireEvent.click(screen.getByTestId('ip-delete-3'));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('ip-lockout-warning').textContent).toContain('192.0.2.7');
    expect(within(dialog).queryByTestId('ip-delete-current-password')).toBeNull();
  });

  it('refuses at the field an address that would shut out the current one, as the server does', async () => {
    const calls = fakeApi({ 'GET /api/account/ips/1': () => jsonResponse(200, []) });
    renderRoutes(routes, '/user/settings');
    await screen.findByTestId('ip-empty', {}, { timeout: 5000 });
    fireEvent.change(screen.getByTestId('ip-new-address'), { target: { value: '10.0.0.0/33' } });
    fireEvent.click(screen.getByTestId('ip-add'));
    expect(await screen.findByText('Vul een geldig IPv4- of IPv6-adres of CIDR-bereik in.')).toBeTruthy();
    fireEvent.change(screen.getByTestId('ip-new-address'), { target: { value: '10.0.0.0/8' } });
    fireEvent.change(screen.getByTestId('ip-add-current-password'), { target: { value: 'geheim' } });
    fireEvent.click(screen.getByTestId('ip-add'));
    expect(
      await screen.findByText(/Uw huidige adres \(192\.0\.2\.7\) valt dan buiten de lijst/),
    ).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/account/ips')).toBe(false);
  });

  it('saves an address that keeps the current one with the current password; a wrong one is a field error', async () => {
    let answer = () =>
      jsonResponse(401, {
        Code: 'INVALID_CREDENTIALS',
        Message: 'Het huidige wachtwoord is onjuist.',
        Fields: { current_password: 'Het huidige wachtwoord is onjuist.' },
      });
    const calls = fakeApi({
      'GET /api/account/ips/1': () => jsonResponse(200, []),
      'POST /api/account/ips': () => answer(),
    });
    const posts = () => calls.filter((c) => c.method === 'POST' && c.url === '/api/account/ips');
    renderRoutes(routes, '/user/settings');
    await screen.findByTestId('ip-empty', {}, { timeout: 5000 });
    fireEvent.change(screen.getByTestId('ip-new-address'), { target: { value: '192.0.2.0/24' } });
    fireEvent.click(screen.getByTestId('ip-add'));
    expect(await screen.findByText('Vul uw huidige wachtwoord in.')).toBeTruthy();
    expect(posts()).toEqual([]);

    const password = screen.getByTestId('ip-add-current-password');
    fireEvent.change(password, { target: { value: 'fout' } });
    fireEvent.click(screen.getByTestId('ip-add'));
    // Shown at the field (and in the toast).
    expect((await screen.findAllByText('Het huidige wachtwoord klopt niet.')).length).toBeGreaterThan(0);
    expect(
      screen
        .getAllByText('Het huidige wachtwoord klopt niet.')
        .some((el) => el.closest('[data-testid="settings-ip"]') !== null),
    ).toBe(true);
    // No renewal and retry on this 401: one guess is one request.
    expect(posts()).toHaveLength(1);
    expect(calls.some((c) => c.url === '/oauth/token')).toBe(false);

    answer = () =>
      jsonResponse(201, {
        Id: 5,
        Ip: '192.0.2.0/24',
        ProductId: 1,
        Description: null,
        CreatedAt: '2026-01-02T10:00:00Z',
      });
    fireEvent.change(password, { target: { value: 'geheim' } });
    fireEvent.click(screen.getByTestId('ip-add'));
    await waitFor(() => expect(posts()).toHaveLength(2));
    expect(JSON.parse(posts()[1]!.body)).toEqual({
      Ip: '192.0.2.0/24',
      Description: null,
      ProductId: 1,
      current_password: 'geheim',
    });
  });
});
