/**
 * The tables this area's code reads and writes: its own, and the tables of other areas it joins, which it
 * reaches only through their index.ts (lint forbids the schema barrel in areas).
 */
export * from './schema.ts';
export { accounts } from '../accounts/index.ts';
export { persons } from '../persons/index.ts';
export { departments, entities, networkLinks } from '../../platform/db/schema/organisations.ts';
