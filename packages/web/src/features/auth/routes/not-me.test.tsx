import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { routes } from '../../../app/router.tsx';
import { jsonResponse, renderRoutes } from '../../../test/render.tsx';

describe('"dit was ik niet" (/not-me/:token)', { timeout: 20_000 }, () => {
  it('posts the token only after the click, then says that every session ended', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
      jsonResponse(200, { message: 'ok' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes(routes, '/not-me/abc-123');
    const confirm = await screen.findByTestId('not-me-confirm', {}, { timeout: 5000 });
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/account/not-me')).toBe(false);
    fireEvent.click(confirm);
    expect((await screen.findByTestId('not-me-outcome')).textContent).toContain('Alle sessies');
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/account/not-me')!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({ token: 'abc-123' });
  });

  it('says so when the link is used or expired', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(400, { Code: 'VALIDATION_FAILED', Message: 'x', Fields: { token: 'x' } }),
      ),
    );
    renderRoutes(routes, '/not-me/oud');
    fireEvent.click(await screen.findByTestId('not-me-confirm', {}, { timeout: 5000 }));
    await waitFor(() =>
      expect(screen.getByTestId('not-me-outcome').textContent).toContain('al gebruikt of verlopen'),
    );
  });
});
