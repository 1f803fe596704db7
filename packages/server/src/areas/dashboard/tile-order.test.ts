import { describe, expect, it } from 'vitest';
import '../../app.ts';
import { registeredTiles } from '../../platform/tiles.ts';

/** The areas register their tiles when the app loads; the landing page shows them in this order. */
describe('the landing page tiles', () => {
  it("come in page order: the user's own work first, staff figures after", () => {
    expect(registeredTiles().map((tile) => tile.key)).toEqual([
      'rounds',
      'openOrders',
      'rollsWaiting',
      'medicationDashboard',
      'trombosisChecks',
      'inrCritical',
      'networkToConfirm',
      'vpOpenItems',
      'reviewsDue',
      'unreadMessages',
      'persons',
      'activeAccounts',
      'logins',
    ]);
  });
});
