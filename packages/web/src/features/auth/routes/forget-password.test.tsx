import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { routes } from '../../../app/router.tsx';
import { jsonResponse, renderRoutes } from '../../../test/render.tsx';

async function send(email: string) {
  fireEvent.change(await screen.findByLabelText(/e-mailadres/i, {}, { timeout: 5000 }), {
    target: { value: email },
  });
  fireEvent.click(screen.getByRole('button', { name: /link versturen/i }));
}

describe('forgot password page', { timeout: 20_000 }, () => {
  it('posts the e-mail as a form and shows the message the server returns', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, { message: 'Controleer uw e-mail.' }));
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes(routes, '/forget-password');
    await send(' huisarts@zorgportaal.example ');
    expect((await screen.findByTestId('forget-password-message')).textContent).toBe('Controleer uw e-mail.');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/forgotpassword');
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/x-www-form-urlencoded');
    expect(String(init.body)).toBe('email=huisarts%40zorgportaal.example');
  });

  it.each([
    [500, { Code: 'INTERNAL_ERROR', Message: 'kapot' }, 'Internal Server Error'],
    [401, { Code: 'UNAUTHORIZED', Message: 'wie?' }, 'Invalid credentials'],
    [
      429,
      { Code: 'TOO_MANY_ATTEMPTS', Message: 'Te veel pogingen, wacht even.' },
      'Te veel pogingen, wacht even.',
    ],
  ])('maps a %i to its toast (spec §8)', async (status, body, message) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(status, body)),
    );
    renderRoutes(routes, '/forget-password');
    await send('a@b.nl');
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByTestId('forget-password-form')).toBeTruthy();
  });

  it('asks for a valid address before posting', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes(routes, '/forget-password');
    await send('geen-adres');
    expect(await screen.findByText('Vul een geldig e-mailadres in.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
