import { describe, expect, it } from 'vitest';
import {
  deriveEntityType,
  homePathFor,
  loginOutcome,
  PROTECTED_ROUTES,
  routePermitted,
  DEFAULT_ROLES,
  ROUTE_TITLES_NL,
  screenName,
} from './index.ts';

describe('loginOutcome (spec §8)', () => {
  it.each([
    [401, undefined, { kind: 'error', code: 'INVALID_CREDENTIALS' }],
    [403, '2fa_required', { kind: 'step', step: '2FA' }],
    [403, 'pwchange_required', { kind: 'step', step: 'PASSWORD_CHANGE' }],
    [403, 'ip_not_allowed', { kind: 'error', code: 'CANT_ACCESS_PRODUCT' }],
    [403, undefined, { kind: 'error', code: 'CANT_ACCESS_PRODUCT' }],
    [422, undefined, { kind: 'error', code: '2FA_INVALID' }],
    [429, undefined, { kind: 'error', code: 'TOO_MANY_ATTEMPTS' }],
    [500, '2fa_required', { kind: 'step', step: '2FA' }],
    [500, 'pwchange_required', { kind: 'error', code: 'ERROR' }],
    [500, undefined, { kind: 'error', code: 'ERROR' }],
    [418, undefined, { kind: 'error', code: 'ERROR' }],
  ])('status %i with action %s', (status, action, expected) => {
    expect(loginOutcome(status, action)).toEqual(expected);
  });
});

describe('entity type and home path', () => {
  it('derives pharmacy, carecenter and the customer default from the settings', () => {
    expect(deriveEntityType({ PharmacyIdentifier: 'AP-001' })).toBe('pharmacy');
    expect(deriveEntityType({ CareCenter: true })).toBe('carecenter');
    expect(deriveEntityType({})).toBe('customer');
    expect(deriveEntityType(null)).toBe('customer');
  });
  it('sends a pharmacy to the persons screen and everybody else to the dashboard', () => {
    expect(homePathFor('pharmacy')).toBe('/management/persons');
    expect(homePathFor('carecenter')).toBe('/dashboard');
    expect(homePathFor(null)).toBe('/dashboard');
  });
});

describe('route table', () => {
  it("names only routes' title keys among the spec titles, and opens only /dashboard, profile and settings to all", () => {
    const keys = new Set(PROTECTED_ROUTES.map((route) => route.titleKey));
    for (const key of Object.keys(ROUTE_TITLES_NL)) expect(keys.has(key), key).toBe(true);
    const open = PROTECTED_ROUTES.filter((r) => r.permission === null).map((r) => r.path);
    expect(open.sort()).toEqual(['/dashboard', '/user/profile', '/user/settings']);
  });

  const ROLE = (name: string) => [...(DEFAULT_ROLES[name] ?? [])];
  const menuOf = (permissions: string[], entityType: 'pharmacy' | 'carecenter' | 'customer') =>
    PROTECTED_ROUTES.filter((r) => r.nav && routePermitted(r, permissions, entityType)).map((r) => r.path);

  it("gives a prescriber its clients' INR values, schemes and critical values, and no ward screens", () => {
    const gp = menuOf(ROLE('Voorschrijver'), 'customer');
    expect(gp).toEqual(
      expect.arrayContaining([
        '/inrvalues',
        '/dosagescheme',
        '/amo',
        '/vp/dashboard',
        // Read-only: where the "Kritieke INR" tile leads.
        '/zp/trombosisservice/dashboard',
      ]),
    );
    expect(gp).not.toContain('/zp/medication/flowchart');
    expect(gp).not.toContain('/zp/medication/dashboard');
    expect(gp).not.toContain('/zp/administrationregistration/dashboard');
  });

  it('keeps the ward screens for care centres and pharmacies, and INR screens off the ward', () => {
    const nurse = menuOf(ROLE('Verpleegkundige'), 'carecenter');
    expect(nurse).toEqual(
      expect.arrayContaining(['/zp/medication/flowchart', '/zp/medication/dashboard', '/administrationlist']),
    );
    expect(nurse).not.toContain('/inrvalues');
    expect(menuOf(ROLE('Apotheker'), 'pharmacy')).toContain('/zp/administrationregistration/dashboard');
    expect(menuOf(ROLE('Trombosedienstmedewerker'), 'customer')).toEqual(
      expect.arrayContaining(['/inrvalues', '/dosagescheme', '/zp/trombosisservice/dashboard']),
    );
  });
});

describe('screenName (spec §3)', () => {
  it('joins first names, the optional prefix and the last name', () => {
    expect(screenName({ FirstNames: 'Jan', LastName: { Prefix: 'van der', LastName: 'Berg' } })).toBe(
      'Jan van der Berg',
    );
    expect(screenName({ FirstNames: 'Anna', LastName: { Prefix: null, LastName: 'Smit' } })).toBe(
      'Anna Smit',
    );
  });
});
