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
    fireEvent.click(screen.getByTestId('twofa-confirm'));
    await waitFor(() => expect(screen.getByTestId('twofa-status').dataset.enabled).toBe('true'));
    expect(calls.find((c) => c.method === 'POST' && c.url === '/api/account/2fa')?.body).toBe(
      '{"totp":"123456"}',
    );
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

  it('asks before deleting an entry, and warns when the rest would shut out the current address', async () => {
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
    renderRoutes(routes, '/user/settings');
    expect((await screen.findByTestId('current-ip', {}, { timeout: 5000 })).textContent).toBe('192.0.2.7');
    fireEvent.click(await screen.findByTestId('ip-delete-4'));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByTestId('ip-lockout-warning')).toBeNull();
    fireEvent.click(within(dialog).getByTestId('confirm-dialog-cancel'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByTestId('ip-delete-3'));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('ip-lockout-warning').textContent).toContain('192.0.2.7');
    fireEvent.click(within(dialog).getByTestId('confirm-dialog-confirm'));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/account/ips/3')).toBe(true),
    );
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/account/ips/4')).toBe(false);
  });

  it('asks before adding an address when the current one would be shut out', async () => {
    const calls = fakeApi({ 'GET /api/account/ips/1': () => jsonResponse(200, []) });
    renderRoutes(routes, '/user/settings');
    await screen.findByTestId('ip-empty', {}, { timeout: 5000 });
    fireEvent.change(screen.getByTestId('ip-new-address'), { target: { value: '10.0.0.0/33' } });
    fireEvent.click(screen.getByTestId('ip-add'));
    expect(await screen.findByText('Vul een geldig IPv4- of IPv6-adres of CIDR-bereik in.')).toBeTruthy();
    fireEvent.change(screen.getByTestId('ip-new-address'), { target: { value: '10.0.0.0/8' } });
    fireEvent.click(screen.getByTestId('ip-add'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('ip-lockout-warning').textContent).toContain('192.0.2.7');
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/account/ips')).toBe(false);
    fireEvent.click(within(dialog).getByTestId('confirm-dialog-confirm'));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url === '/api/account/ips')).toBe(true),
    );
    const post = calls.find((c) => c.method === 'POST' && c.url === '/api/account/ips')!;
    expect(JSON.parse(post.body)).toEqual({ Ip: '10.0.0.0/8', Description: null, ProductId: 1 });
  });
  it('saves an address that keeps the current one without asking, and saves nothing on cancel', async () => {
    const calls = fakeApi({ 'GET /api/account/ips/1': () => jsonResponse(200, []) });
    const posts = () => calls.filter((c) => c.method === 'POST' && c.url === '/api/account/ips');
    renderRoutes(routes, '/user/settings');
    await screen.findByTestId('ip-empty', {}, { timeout: 5000 });
    fireEvent.change(screen.getByTestId('ip-new-address'), { target: { value: '198.51.100.0/24' } });
    fireEvent.click(screen.getByTestId('ip-add'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('ip-lockout-warning')).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('confirm-dialog-cancel'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts()).toEqual([]);

    fireEvent.change(screen.getByTestId('ip-new-address'), { target: { value: '192.0.2.0/24' } });
    fireEvent.click(screen.getByTestId('ip-add'));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(JSON.parse(posts()[0]!.body)).toMatchObject({ Ip: '192.0.2.0/24' });
  });
});
