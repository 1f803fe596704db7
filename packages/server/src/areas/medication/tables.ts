/**
 * The tables this area's code reads and writes: its own, and the tables of other areas it joins, which it
 * reaches through their schema files (an area's data face: others read, only the owner writes).
 */
export * from './schema.ts';
export { accounts } from '../accounts/schema.ts';
export { persons } from '../persons/schema.ts';
export { departments, entities, networkLinks } from '../../platform/db/schema/organisations.ts';
export * from './planned-schema.ts';
