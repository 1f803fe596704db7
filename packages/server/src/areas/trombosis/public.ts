/** What other areas may use of this area (functions and types; tables are in its schema files). */
export { coumarinDose, coumarinDosesOf, coumarinDosesOn } from './coumarin-dose.ts';
export { criticalCounts } from './queries.ts';
