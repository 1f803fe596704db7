import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { SESSION_KEYS } from '@zorgportaal/contract';
import { routes } from '../../../app/router.tsx';
import { jsonResponse, renderRoutes } from '../../../test/render.tsx';

function signIn(permissions: string[]) {
  sessionStorage.setItem(SESSION_KEYS.accessToken, 'tok');
  sessionStorage.setItem(SESSION_KEYS.refreshToken, 'ref');
  sessionStorage.setItem(SESSION_KEYS.expiresAt, String(Date.now() + 600_000));
  sessionStorage.setItem(
    SESSION_KEYS.account,
    JSON.stringify({ Id: 1, Username: 'apotheker', Permissions: permissions.map((name) => ({ name })) }),
  );
}

/** A fake API: a dashboard without tiles and the given backup status; records the URLs asked. */
function fakeApi(failedAt: string | null) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      if (url === '/api/operations/backup-status') return jsonResponse(200, { FailedAt: failedAt });
      if (url === '/api/dashboard') return jsonResponse(200, { Tiles: [] });
      return jsonResponse(200, {});
    }),
  );
  return urls;
}

describe('dashboard: a failed backup', { timeout: 20_000 }, () => {
  beforeEach(() => sessionStorage.clear());

  it('tells the Beheerder when the last backup failed, with its time', async () => {
    signIn(['settings.manage']);
    fakeApi('2026-11-20T02:00:00.000Z');
    renderRoutes(routes, '/dashboard');
    const alert = await screen.findByTestId('backup-failed', {}, { timeout: 5000 });
    expect(alert.textContent).toMatch(/mislukt op 2026-11-20 \d\d:00\./);
  });

  it('shows nothing when the backups are fine, and does not ask for users without settings.manage', async () => {
    signIn(['settings.manage']);
    fakeApi(null);
    renderRoutes(routes, '/dashboard');
    await screen.findByTestId('dashboard-empty', {}, { timeout: 5000 });
    expect(screen.queryByTestId('backup-failed')).toBeNull();

    sessionStorage.clear();
    signIn([]);
    const urls = fakeApi('2026-11-20T02:00:00.000Z');
    renderRoutes(routes, '/dashboard');
    await screen.findAllByTestId('dashboard-empty', {}, { timeout: 5000 });
    expect(urls).not.toContain('/api/operations/backup-status');
  });
});
