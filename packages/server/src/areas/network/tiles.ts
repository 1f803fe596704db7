import { and, count, eq, isNull, ne, or } from 'drizzle-orm';
import type { TileDefinition } from '../dashboard/index.ts';
import { networkLinks } from '../../platform/db/schema/organisations.ts';

/** Zorgnetwerk: links another organisation proposed that wait for this organisation's confirmation. */
export const NETWORK_TILES: TileDefinition[] = [
  {
    key: 'networkToConfirm',
    anyOf: ['settings.manage'],
    link: '/healthcare/infrastructure',
    value: async (db, caller) => {
      const [row] = await db
        .select({ n: count() })
        .from(networkLinks)
        .where(
          and(
            eq(networkLinks.active, false),
            ne(networkLinks.entityId, caller.entityId),
            // A link the caller's organisation ended itself is no request from the other side.
            isNull(networkLinks.deactivatedByEntityId),
            or(eq(networkLinks.fromEntityId, caller.entityId), eq(networkLinks.toEntityId, caller.entityId)),
          ),
        );
      return row?.n ?? 0;
    },
  },
];
