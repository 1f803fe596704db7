import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { jsonResponse, TestProviders } from '../test/render.tsx';
import { PublicApp } from './public-app.tsx';

const tokens = {
  token_type: 'Bearer',
  access_token: 'a',
  refresh_token: 'r',
  expires_in: 900,
  Account: { Id: 7, Username: 'apotheker', Permissions: [] },
  Permissions: [],
};

function renderAt(state: unknown) {
  window.history.replaceState({ usr: state, key: 'k', idx: 3 }, '', '/login');
  const onLeave = vi.fn(async () => undefined);
  render(
    <TestProviders>
      <PublicApp onLeave={onLeave} />
    </TestProviders>,
  );
  return onLeave;
}

/** /login without React Router: the page works as in the router and hands every navigation over. */
describe('public app (/login as first page)', { timeout: 20_000 }, () => {
  it('hands a successful login over to the full app with the kept origin', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/oauth/token'
          ? jsonResponse(200, tokens)
          : jsonResponse(200, { Id: 1, Name: 'De Linde', PharmacyIdentifier: 'AP-1' }),
      ),
    );
    const onLeave = renderAt({ from: { pathname: '/management/log', search: '?page=2' } });
    fireEvent.change(await screen.findByLabelText(/gebruikersnaam/i), { target: { value: 'apotheker' } });
    fireEvent.change(screen.getByLabelText(/^wachtwoord/i), { target: { value: 'geheim' } });
    fireEvent.click(screen.getByRole('button', { name: /inloggen/i }));
    await waitFor(() => expect(onLeave).toHaveBeenCalledWith('/management/log?page=2', { replace: true }));
    // The full app's router changes the URL; the public app leaves it alone.
    expect(window.location.pathname).toBe('/login');
  });

  it('hands the "forgot password" link over as a push; a modified click is left to the browser', async () => {
    const onLeave = renderAt(null);
    const link = await screen.findByRole('link', { name: /wachtwoord vergeten/i });
    expect(link.getAttribute('href')).toBe('/forget-password');
    fireEvent.click(link, { ctrlKey: true });
    expect(onLeave).not.toHaveBeenCalled();
    fireEvent.click(link);
    expect(onLeave).toHaveBeenCalledWith('/forget-password', {});
  });

  it('hands over when the back button leaves /login', async () => {
    const onLeave = renderAt(null);
    await screen.findByLabelText(/gebruikersnaam/i);
    window.history.pushState(null, '', '/dashboard');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(onLeave).toHaveBeenCalledWith();
  });
});
