/**
 * The tables this area's code reads and writes: its own, and the tables of other areas it joins, which it
 * reaches only through their index.ts (lint forbids the schema barrel in areas).
 */
export { accounts } from '../accounts/index.ts';
export * from './schema.ts';
export { medicationAgreements, patients } from '../medication/index.ts';
