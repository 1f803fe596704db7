import type { TileDefinition } from '../../platform/tiles.ts';
import { countPersons } from './queries/list.ts';

/**
 * Staff figures for who manages persons: counted with the persons list's own filter, and the link opens
 * that list with the same filter.
 */
export const PERSON_TILES: TileDefinition[] = [
  {
    key: 'persons',
    anyOf: ['persons.write'],
    link: '/management/persons',
    value: (db, caller) => countPersons(db, caller.entityId, {}),
  },
  {
    key: 'activeAccounts',
    anyOf: ['persons.write'],
    link: '/management/persons?active=true&hasAccount=true',
    value: (db, caller) => countPersons(db, caller.entityId, { active: true, hasAccount: true }),
  },
];
