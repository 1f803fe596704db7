import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { routes } from '../../../app/router.tsx';
import { jsonResponse, renderRoutes } from '../../../test/render.tsx';

const rule = (id: string) => screen.getByTestId(`password-rule-${id}`).dataset.ok;

async function type(password: string, confirmation: string) {
  fireEvent.change(await screen.findByLabelText(/^nieuw wachtwoord/i, {}, { timeout: 5000 }), {
    target: { value: password },
  });
  fireEvent.change(screen.getByLabelText(/^herhaal/i), { target: { value: confirmation } });
}

describe('reset with a token (/change-password/:token)', { timeout: 20_000 }, () => {
  it('gives live feedback on length and match while typing', async () => {
    vi.stubGlobal('fetch', vi.fn());
    renderRoutes(routes, '/change-password/abc');
    await type('kort', '');
    expect(rule('length')).toBe('false');
    expect(rule('match')).toBe('false');
    expect(screen.getByTestId('password-rule-length').textContent).toContain('nu 4');
    await type('een-lange-zin-als-wachtwoord', 'een-lange-zin-als-wachtwoord');
    expect(rule('length')).toBe('true');
    expect(rule('match')).toBe('true');
  });

  it('posts token and both copies, then goes to /login with a toast', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, { message: 'ok' }));
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderRoutes(routes, '/change-password/tok-123');
    await type('een-lange-zin-als-wachtwoord', 'een-lange-zin-als-wachtwoord');
    fireEvent.click(screen.getByRole('button', { name: /wachtwoord instellen/i }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 5000 });
    expect(await screen.findByText(/uw wachtwoord is ingesteld/i)).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/resetforgotpassword');
    expect(Object.fromEntries(new URLSearchParams(String(init.body)))).toEqual({
      token: 'tok-123',
      password: 'een-lange-zin-als-wachtwoord',
      password_confirmation: 'een-lange-zin-als-wachtwoord',
    });
  });

  it("shows the server's field message (common password) and the raw error for a used link", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(422, {
          Code: 'VALIDATION_FAILED',
          Message: 'Wachtwoord geweigerd',
          Fields: { password: 'Dit wachtwoord komt voor op een lijst met veelgebruikte wachtwoorden.' },
        }),
      ),
    );
    renderRoutes(routes, '/change-password/tok');
    await type('password1234', 'password1234');
    fireEvent.click(screen.getByRole('button', { name: /wachtwoord instellen/i }));
    expect(
      await screen.findByText('Dit wachtwoord komt voor op een lijst met veelgebruikte wachtwoorden.'),
    ).toBeTruthy();
    expect(await screen.findByText('Wachtwoord geweigerd')).toBeTruthy();

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(400, { Code: 'X', Message: 'Deze link is niet meer geldig.' })),
    );
    fireEvent.click(screen.getByRole('button', { name: /wachtwoord instellen/i }));
    expect(await screen.findByText('Deze link is niet meer geldig.')).toBeTruthy();
  });

  it('does not post before the client-side checks pass', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes(routes, '/change-password/tok');
    await type('een-lange-zin-als-wachtwoord', 'een-andere-zin');
    fireEvent.click(screen.getByRole('button', { name: /wachtwoord instellen/i }));
    expect(await screen.findByText('De wachtwoorden komen niet overeen.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
