/** What other areas may use of this area (functions and types; tables are in its schema files). */
export {
  agreementsInForce,
  buildDayList,
  deviationCounts,
  recountResults,
  results,
} from './queries/index.ts';
export { openInRound } from './day-progress.ts';
export { isWithdrawn } from './rules.ts';
