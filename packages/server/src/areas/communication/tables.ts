/**
 * The tables this area's code reads and writes: its own, and the tables of other areas it joins, which it
 * reaches through their schema files (an area's data face: others read, only the owner writes).
 */
export * from './schema.ts';
export { accountGroups, groups } from '../accounts/groups-schema.ts';
export { accounts } from '../accounts/schema.ts';
export { patients } from '../medication/schema.ts';
export { persons } from '../persons/schema.ts';
export { inrValues } from '../trombosis/schema.ts';
export { entities, networkLinks } from '../../platform/db/schema/organisations.ts';
export { sessions } from '../auth/sessions-schema.ts';
