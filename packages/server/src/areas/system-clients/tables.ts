/**
 * The tables this area's code reads and writes: its own, and the tables of other areas it joins, which it
 * reaches through their schema files (an area's data face: others read, only the owner writes).
 */
export * from './schema.ts';
export { entities } from '../../platform/db/schema/organisations.ts';
