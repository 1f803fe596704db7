import type { TileDefinition } from '../../platform/tiles.ts';
import { unreadCount } from './queries/index.ts';

/** Landing tiles of Communicatie: the threads with a message the user has not read yet. */
export const COMMUNICATION_TILES: TileDefinition[] = [
  {
    key: 'unreadMessages',
    anyOf: ['communication.use'],
    link: '/communication?filter=unread',
    value: (db, caller) => unreadCount(db, { accountId: caller.accountId, entityId: caller.entityId }),
  },
];
