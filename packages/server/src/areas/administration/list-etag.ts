import { LATE_AFTER_MINUTES, type PlannedMoment } from '@zorgportaal/contract';
import { tagOf } from '../../platform/etag.ts';
import { ROUND_LEAD_MS } from './day-progress.ts';

export { matches, notModified, REVALIDATE } from '../../platform/etag.ts';

/**
 * ETags for the day lists and dashboards. A list depends on its data (dayListVersion) and on the clock:
 * an open moment turns late LATE_AFTER_MINUTES after its time and the current round moves ROUND_LEAD_MS
 * before it. The instants where the clock changes the answer are remembered per data version when a
 * list is built, so a later request tells "unchanged" from one query, without building anything.
 */
const LATE_MS = LATE_AFTER_MINUTES * 60_000;
const MAX_VERSIONS = 2_000;
const turns = new Map<string, number[]>();

/** Instants at which `moments` would read differently by the clock alone. */
export function clockTurns(moments: readonly PlannedMoment[]): number[] {
  const at = new Set<number>();
  for (const moment of moments) {
    if (moment.ScheduledAt === null) continue;
    const scheduled = Date.parse(moment.ScheduledAt);
    at.add(scheduled + LATE_MS);
    at.add(scheduled - ROUND_LEAD_MS);
  }
  return [...at].sort((a, b) => a - b);
}

export function rememberTurns(version: string, instants: number[]): void {
  if (turns.size >= MAX_VERSIONS) turns.delete(turns.keys().next().value!);
  turns.set(version, instants);
}

/** The ETag of `version` for this account at `now`; null when this instance never built that version. */
export function etagOf(version: string, accountId: number, now: Date): string | null {
  const instants = turns.get(version);
  if (!instants) return null;
  const passed = instants.filter((instant) => instant < now.getTime()).length;
  return tagOf(`${version}|${passed}`, accountId);
}
