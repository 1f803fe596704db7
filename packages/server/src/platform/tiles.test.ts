import { afterEach, describe, expect, it } from 'vitest';
import { registeredTiles, registerTiles, tilesFor, type TileDefinition } from './tiles.ts';
import type { Caller } from './types.ts';

const tile = (key: string, anyOf: TileDefinition['anyOf'] = null): TileDefinition => ({
  key,
  anyOf,
  value: async () => 1,
});

const caller = (...permissions: string[]): Caller => ({
  accountId: 1,
  personId: null,
  entityId: 1,
  entityType: 'carecenter',
  username: 'test',
  permissions: new Set(permissions),
  roles: [],
  sessionId: 's',
});

/** Test-only areas (the worker shares the registry with the app's own areas): removed after each test. */
const removals: (() => void)[] = [];
const register = (...args: Parameters<typeof registerTiles>) => removals.push(registerTiles(...args));
afterEach(() => removals.splice(0).forEach((remove) => remove()));
const testKeys = () => registeredTiles().flatMap((t) => (t.key.startsWith('test-') ? [t.key] : []));

describe('registerTiles: the landing tiles each area adds', () => {
  it('orders the areas by rank, not by when they registered, and keeps an area’s own order', () => {
    register('test-staff', [tile('test-staff-1'), tile('test-staff-2')], 1_000);
    register('test-work', [tile('test-work')], -1_000);
    register('test-work-too', [tile('test-work-too')], -1_000);
    expect(testKeys()).toEqual(['test-work', 'test-work-too', 'test-staff-1', 'test-staff-2']);
    expect(registeredTiles().at(-1)!.key).toBe('test-staff-2');
    expect(registeredTiles()[0]!.key).toBe('test-work');
  });

  it('replaces an area registered again, and its removal takes it away', () => {
    register('test-area', [tile('test-old')], 5);
    const remove = registerTiles('test-area', [tile('test-new')], 5);
    expect(testKeys()).toEqual(['test-new']);
    remove();
    expect(testKeys()).toEqual([]);
  });

  it('gives a caller only the tiles it holds a permission for, and the open ones', () => {
    register(
      'test-area',
      [tile('test-open'), tile('test-logs', ['log.read']), tile('test-both', ['log.read', 'orders.read'])],
      5,
    );
    const keys = (c: Caller) => tilesFor(c).flatMap((t) => (t.key.startsWith('test-') ? [t.key] : []));
    expect(keys(caller())).toEqual(['test-open']);
    expect(keys(caller('orders.read'))).toEqual(['test-open', 'test-both']);
    expect(keys(caller('log.read'))).toEqual(['test-open', 'test-logs', 'test-both']);
  });
});
