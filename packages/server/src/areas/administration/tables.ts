/**
 * The tables this area's code reads and writes: its own, and the tables of other areas it joins, which it
 * reaches through their schema files (an area's data face: others read, only the owner writes).
 */
export * from './days-schema.ts';
export * from './schema.ts';
export * from './scans-schema.ts';
export { baxterRolls, baxterSachets } from '../baxter/schema.ts';
export { accounts } from '../accounts/schema.ts';
export { medicationAgreements, medications, patients } from '../medication/schema.ts';
export { persons } from '../persons/schema.ts';
export { dosageSchemes } from '../trombosis/schema.ts';
export { departments } from '../../platform/db/schema/organisations.ts';
