import { readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';

/**
 * Where a machine's cores went during a load, per answered request (Linux /proc; null elsewhere): this process
 * (the portal), every PostgreSQL process (nothing for PGlite, which runs in this process), the rest of the
 * busy time (the load generator, the kernel's network work, anything else running) and the idle time. On a
 * machine whose database and load generator share the cores with the portal, this says which of them a goal's
 * rate leaves no room for.
 */
export interface CoreSplit {
  portalMs: number;
  databaseMs: number;
  restMs: number;
  idleMs: number;
  /**
   * The portal's thread (the event loop, which runs every request's JavaScript): the share of the load's wall
   * time it ran on a core, and the share it was ready to run but waited for one (the kernel's schedstat).
   * A thread that waits while cores idle at other moments is the serial part of the load.
   */
  thread: { running: number; waiting: number } | null;
}

interface Snapshot {
  self: NodeJS.CpuUsage;
  /** ns on a core and ns waiting for one, of this process's main thread; null without schedstat. */
  thread: [number, number] | null;
  wallNs: bigint;
  databaseMs: number;
  busyMs: number;
  idleMs: number;
}

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** utime + stime of a /proc/<pid>/stat line, ms (the fields after the command's closing parenthesis). */
const cpuOfStat = (stat: string) => {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
};

function databaseCpuMs(): number {
  let sum = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('postgres'))
        sum += cpuOfStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
    } catch {
      // The process ended meanwhile.
    }
  }
  return sum;
}

/** The main thread's /proc schedstat: ns on a core, ns runnable but waiting for one, time slices. */
function threadSchedule(): [number, number] | null {
  try {
    const [running, waiting] = readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8')
      .split(' ')
      .map(Number);
    return [running!, waiting!];
  } catch {
    return null;
  }
}

function snapshot(): Snapshot | null {
  try {
    // Steal (the host running other machines on these cores) is neither busy nor idle here: left out.
    const [user, nice, system, idle, iowait, irq, softirq] = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]!
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    return {
      self: process.cpuUsage(),
      thread: threadSchedule(),
      wallNs: process.hrtime.bigint(),
      databaseMs: databaseCpuMs(),
      busyMs: (user! + nice! + system! + irq! + softirq!) * TICK_MS,
      idleMs: (idle! + iowait!) * TICK_MS,
    };
  } catch {
    return null;
  }
}

function threadShares(before: Snapshot, after: Snapshot): CoreSplit['thread'] {
  const wall = Number(after.wallNs - before.wallNs);
  if (!before.thread || !after.thread || wall <= 0) return null;
  return {
    running: (after.thread[0] - before.thread[0]) / wall,
    waiting: (after.thread[1] - before.thread[1]) / wall,
  };
}

/** Starts measuring; the returned function ends it and divides by the requests answered meanwhile. */
export function coreSplit(): (requests: number) => CoreSplit | null {
  const before = snapshot();
  return (requests) => {
    const after = snapshot();
    if (!before || !after || requests <= 0) return null;
    const self = process.cpuUsage(before.self);
    const portalMs = (self.user + self.system) / 1000;
    const databaseMs = after.databaseMs - before.databaseMs;
    const busyMs = after.busyMs - before.busyMs;
    return {
      portalMs: portalMs / requests,
      databaseMs: databaseMs / requests,
      restMs: Math.max(0, busyMs - portalMs - databaseMs) / requests,
      idleMs: (after.idleMs - before.idleMs) / requests,
      thread: threadShares(before, after),
    };
  };
}

/** The cores' time per request that a rate of `reqPerSec` leaves, ms: what everything together may spend. */
export const budgetMs = (reqPerSec: number) => (cpus().length * 1000) / reqPerSec;
