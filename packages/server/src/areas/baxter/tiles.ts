import type { TileDefinition } from '../dashboard/index.ts';
import { countWaiting } from './queries/index.ts';

/** Rolls waiting to be laid out: the pharmacy's to make, a care centre's still to come. */
export const BAXTER_TILES: TileDefinition[] = [
  {
    key: 'rollsWaiting',
    anyOf: ['baxter.read'],
    link: '/baxter',
    value: (db, caller) =>
      countWaiting(
        db,
        caller.entityType === 'pharmacy' ? { pharmacyId: caller.entityId } : { entityId: caller.entityId },
      ),
  },
];
