import type { TileDefinition } from '../dashboard/index.ts';
import { countOpen, suppliedCareCentres } from './queries/index.ts';

/** Open orders: the pharmacy's to decide, a care centre's waiting for the pharmacy. */
export const ORDER_TILES: TileDefinition[] = [
  {
    key: 'openOrders',
    anyOf: ['orders.read'],
    link: '/orders?status=in_progress',
    value: async (db, caller) =>
      caller.entityType === 'pharmacy'
        ? countOpen(db, {
            side: 'pharmacy',
            pharmacyId: caller.entityId,
            careCentreIds: await suppliedCareCentres(db, caller.entityId),
          })
        : countOpen(db, { side: 'carecentre', entityId: caller.entityId }),
  },
];
