import { describe, expect, it } from 'vitest';
import { PROTECTED_ROUTES } from '@zorgportaal/contract';
import { screenFor } from './screens.ts';

describe('screens', () => {
  it('has a page for every protected route of the contract', () => {
    const missing = PROTECTED_ROUTES.filter((route) => {
      try {
        screenFor(route);
        return false;
      } catch {
        return true;
      }
    }).map((route) => route.path);
    expect(missing).toEqual([]);
  });

  it('refuses a route without a page instead of showing an empty screen', () => {
    const route = {
      path: '/nowhere',
      titleKey: 'routes.dashboard',
      permission: null,
      area: 'home',
      nav: false,
    } as const;
    expect(() => screenFor(route)).toThrow('No page for /nowhere');
  });
});
