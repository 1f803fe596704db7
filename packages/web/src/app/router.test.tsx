import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { SESSION_KEYS } from '@zorgportaal/contract';
import { jsonResponse, renderRoutes } from '../test/render.tsx';
import { routes } from './router.tsx';

function logIn(entityType: string, permissions: string[]) {
  sessionStorage.setItem(SESSION_KEYS.accessToken, 'token');
  sessionStorage.setItem(SESSION_KEYS.refreshToken, 'refresh');
  sessionStorage.setItem(SESSION_KEYS.expiresAt, String(Date.now() + 60_000));
  sessionStorage.setItem(SESSION_KEYS.entityType, entityType);
  sessionStorage.setItem(
    SESSION_KEYS.account,
    JSON.stringify({ Id: 1, Username: 'tester', Permissions: permissions.map((name) => ({ name })) }),
  );
}

const heading = () => screen.findByRole('heading', { level: 1 }, { timeout: 3000 });

describe('router and guards (spec §2)', () => {
  beforeEach(() => {
    // The full layout reads the organisation's settings.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { Id: 1, Name: 'Apotheek De Linde', PharmacyIdentifier: 'AP-1' })),
    );
  });

  it('sends a logged-out visitor to /login and keeps the origin location', async () => {
    const { router } = renderRoutes(routes, '/management/log');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/management/log' } });
    expect((await heading()).textContent).toBe('Inloggen');
  });

  it('sends a user without the permission to / and so to the home page', async () => {
    logIn('carecenter', ['persons.read']);
    const { router } = renderRoutes(routes, '/management/log');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect((await heading()).textContent).toBe('Dashboard');
  });

  it('shows a permitted screen with its title and document.title', async () => {
    logIn('pharmacy', ['documents.read']);
    renderRoutes(routes, '/support/documents');
    expect((await heading()).textContent).toBe('Documenten');
    await waitFor(() => expect(document.title).toBe('Documenten · Zorgportaal'));
  });

  it('redirects / to /management/persons for a pharmacy', async () => {
    logIn('pharmacy', ['persons.read']);
    const { router } = renderRoutes(routes, '/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/management/persons'));
    expect((await heading()).textContent).toBe('Personen');
  });

  it.each(['carecenter', 'customer'])('redirects / to /dashboard for a %s', async (entityType) => {
    logIn(entityType, ['persons.read']);
    const { router } = renderRoutes(routes, '/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('sends an unknown path to /login', async () => {
    const { router } = renderRoutes(routes, '/dit/bestaat/niet');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('shows only permitted routes in the navigation, grouped by area', async () => {
    logIn('carecenter', ['documents.read']);
    renderRoutes(routes, '/dashboard');
    await heading();
    const nav = screen.getByRole('navigation', { name: 'Hoofdmenu' });
    const links = [...nav.querySelectorAll('a')].map((link) => link.getAttribute('href'));
    expect(links).toEqual(['/dashboard', '/support/documents']);
    expect(screen.getByTestId('nav-area-support').textContent).toContain('Ondersteuning');
  });
});
