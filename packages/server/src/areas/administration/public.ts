/** What other areas may use of this area (functions and types; tables are in its schema files). */
export { deviationCounts } from './queries/index.ts';
