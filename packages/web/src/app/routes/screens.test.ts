import { describe, expect, it } from 'vitest';
import { PROTECTED_ROUTES } from '@zorgportaal/contract';
import { mergeScreens, screenFor } from './screens.ts';

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

  it('takes each feature’s pages from its own screens.ts, and refuses a path two features serve', () => {
    const page = () => Promise.resolve({ default: () => null });
    const merged = mergeScreens({
      '../../features/a/screens.ts': { '/a': page },
      '../../features/b/screens.ts': { '/b': page },
    });
    expect(Object.keys(merged).sort()).toEqual(['/a', '/b']);
    expect(() =>
      mergeScreens({
        '../../features/a/screens.ts': { '/a': page },
        '../../features/b/screens.ts': { '/a': page },
      }),
    ).toThrow('/a has a page in ../../features/a/screens.ts and in ../../features/b/screens.ts');
  });
});
