/** What other areas may use of this area (functions and types; tables are in its schema files). */
export { deviationCounts } from './queries/index.ts';
/** The day list's build alone, timed by bench/administration.ts (no other area uses it). */
export { buildDayList } from './queries/index.ts';
