import { cpus } from 'node:os';
import { budgetMs, type CoreSplit } from './core-split.ts';

/** Goals per database (docs/performance.md, the hot path): a ratio to bare Fastify for the reads, req/s for the registration. */
const GOALS = {
  list: { PGlite: 0.03, PostgreSQL: 0.1 },
  patients: { PGlite: undefined, PostgreSQL: 0.15 },
  registration: { PGlite: 500, PostgreSQL: 2000 },
} as const;

/** One load's figures (autocannon's and this process's). */
export interface Load {
  reqPerSec: number;
  p50: number;
  p99: number;
  /** CPU time of this process (the servers) per answered request, ms: steadier than req/s on a shared host. */
  cpuMs: number;
  non2xx: number;
  errors: number;
  /** Where the cores went per request (core-split.ts), null off Linux. */
  split: CoreSplit | null;
}

/** A call's best bare and best app load. */
export interface Row {
  label: string;
  call: string;
  bytes: number;
  bare: Load;
  app: Load;
}

/**
 * A row's goal: a rate for the registration, a ratio to the bare route for the reads; none for the Toedienlijst's
 * kept build, which is not its goal's measure (a full build) and is printed beside it for what the next tablet
 * gets, nor for the client list read every time, printed beside the list as production answers it (kept).
 */
function goalOf(row: Row): { rate: number } | { ratio: number } | undefined {
  const database = row.label as 'PGlite' | 'PostgreSQL';
  if (row.call.startsWith('POST')) return { rate: GOALS.registration[database] };
  if (row.call.includes('kept build') || row.call.includes('not kept')) return undefined;
  const ratio = row.call.startsWith('Toedienlijst') ? GOALS.list[database] : GOALS.patients[database];
  return ratio === undefined ? undefined : { ratio };
}

/** The goal and whether it is met; a missed goal makes the run fail (exit code 1), as in the other benches. */
function verdict(row: Row): string {
  const goal = goalOf(row);
  const judge = (met: boolean) => {
    if (!met) process.exitCode = 1;
    return met ? 'met' : 'NOT met';
  };
  if (!goal && row.call.includes('kept build')) return '(not a full build: no goal)';
  if (!goal && row.call.includes('not kept')) return '(read every time: no goal)';
  if (!goal) return '';
  if ('rate' in goal) return `≥ ${goal.rate}/s ${judge(row.app.reqPerSec >= goal.rate)}`;
  return `ratio ≥ ${goal.ratio.toFixed(2)} ${judge(row.app.reqPerSec / row.bare.reqPerSec >= goal.ratio)}`;
}

/** The rate a row's goal asks for (req/s), if it has one. */
function goalRate(row: Row): number | undefined {
  const goal = goalOf(row);
  if (!goal) return undefined;
  return 'rate' in goal ? goal.rate : goal.ratio * row.bare.reqPerSec;
}

/**
 * Where the cores went per request of each app load, and what the goal's rate leaves for all of it together: when
 * the database and the rest (the load generator, the kernel) alone take more, no change in the portal meets it.
 */
function printSplit(rows: Row[]) {
  const split = rows.filter((r) => r.app.split);
  if (split.length === 0) return;
  console.log(
    `\nWhere the ${cpus().length} cores went per request of those loads (ms; /proc): the portal's process, the` +
      " PostgreSQL processes (PGlite works in the portal's), the rest (load generator, kernel), idle; the budget" +
      " is the cores' time per request at the goal's rate, the room what it leaves the portal after the database" +
      " and the rest; then the share of the load's wall time the portal's thread (its event loop) ran on a core" +
      ' and waited, ready, for one',
  );
  console.log(
    'database    call                                                  portal  database    rest    idle  budget    room  thread ran  waited',
  );
  const ms = (value: number) => value.toFixed(2).padStart(6);
  for (const r of split) {
    const s = r.app.split!;
    const rate = goalRate(r);
    const budget = rate === undefined ? undefined : budgetMs(rate);
    const room = budget === undefined ? '      ' : ms(budget - s.databaseMs - s.restMs);
    const share = (value: number) => `${(value * 100).toFixed(0)} %`.padStart(6);
    const thread = s.thread ? `      ${share(s.thread.running)}  ${share(s.thread.waiting)}` : '';
    console.log(
      `${r.label.padEnd(10)}  ${r.call.padEnd(52)}  ${ms(s.portalMs)}  ${ms(s.databaseMs).padStart(8)}  ` +
        `${ms(s.restMs)}  ${ms(s.idleMs)}  ${budget === undefined ? '      ' : ms(budget)}  ${room}${thread}`,
    );
  }
}

/** The bench's table (each call's figures, ratio and goal) under `heading`, then where the cores went. */
export function printReport(rows: Row[], heading: string) {
  console.log(`\n${heading}`);
  console.log(
    'database    call                                                  bytes  bare req/s   app req/s  p50 ms  p99 ms  CPU ms/req  ratio  goal',
  );
  for (const r of rows) {
    const ratio = r.app.reqPerSec / r.bare.reqPerSec;
    console.log(
      `${r.label.padEnd(10)}  ${r.call.padEnd(52)}  ${String(r.bytes).padStart(5)}  ` +
        `${r.bare.reqPerSec.toFixed(0).padStart(10)}  ${r.app.reqPerSec.toFixed(0).padStart(10)}  ` +
        `${String(r.app.p50).padStart(6)}  ${String(r.app.p99).padStart(6)}  ` +
        `${r.app.cpuMs.toFixed(2).padStart(10)}  ${ratio.toFixed(3).padStart(5)}  ${verdict(r)}`,
    );
  }
  printSplit(rows);
}
