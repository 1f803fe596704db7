/** What other areas may use of this area (functions and types; tables are in its schema files). */
export { deviationCounts } from './queries/index.ts';
/** The day list's build alone, timed by bench/administration.ts (no other area uses it). */
export { buildDayList } from './queries/index.ts';
/** A kept answer built, turned by the clock and patched for one client, timed by bench/clock-turn.ts (no other area uses them). */
export { listVersionOf } from './kept-list.ts';
export { builtAnswer, patchedAnswer, turnedAnswer } from './list-answer.ts';
export { clockTurns } from './list-etag.ts';
export { LIST_VERSION_SHARDS } from './list-versions-schema.ts';
/** When a round counts as started: bench/support/round-turn.ts plans every ward's round start by it. */
export { ROUND_LEAD_MS } from './day-progress.ts';
