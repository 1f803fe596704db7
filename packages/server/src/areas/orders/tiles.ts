import type { TileDefinition } from '../../platform/tiles.ts';
import { countOrders, pharmacyOrderScope, type OrderScope } from './queries/index.ts';

/**
 * Open orders: the pharmacy's to decide, a care centre's sent and waiting for the pharmacy (its own
 * drafts are not waiting for anyone). Counted with the list's own filter; the link carries that filter.
 */
export const ORDER_TILES: TileDefinition[] = [
  {
    key: 'openOrders',
    anyOf: ['orders.read'],
    async figures(db, caller) {
      const scope: OrderScope =
        caller.entityType === 'pharmacy'
          ? await pharmacyOrderScope(db, caller.entityId)
          : { side: 'carecentre', entityId: caller.entityId };
      const value = await countOrders(db, scope, { status: 'in_progress', drafts: false });
      return [{ key: 'openOrders', value, link: '/orders?status=in_progress&drafts=false' }];
    },
  },
];
