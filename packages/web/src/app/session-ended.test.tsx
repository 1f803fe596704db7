import { afterEach, describe, expect, it } from 'vitest';
import { endSession } from '../lib/api-client.ts';
import { createAppRouter } from './router.tsx';

describe('a session that ends while the user is somewhere', () => {
  let router: ReturnType<typeof createAppRouter> | null = null;
  afterEach(() => router?.dispose());

  it('goes to /login and keeps where the user was', async () => {
    router = createAppRouter();
    await router.navigate('/administrationlist?department=1&date=2026-11-28');
    endSession();
    await expect.poll(() => router!.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({
      from: { pathname: '/administrationlist', search: '?department=1&date=2026-11-28', hash: '' },
    });
  });

  it('leaves a logout on its way: the logout takes the kept origin to /login itself', async () => {
    router = createAppRouter();
    const from = { pathname: '/administrationlist', search: '?department=1', hash: '' };
    await router.navigate('/logout', { state: { from } });
    endSession();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe('/logout');
    expect(router.state.location.state).toEqual({ from });
  });
});
