import { type DayList, type DayProgress, type PlannedMoment, SUCCESS_STATUSES } from '@zorgportaal/contract';
import { isWithdrawn } from './rules.ts';

/** A round counts as "now" from this long before its time, so the nurse preparing it lands on it. */
export const ROUND_LEAD_MS = 30 * 60_000;

type MomentState = 'open' | 'late' | 'given' | 'deviation' | 'awaiting_check';

/** The state of a timed moment: its last effective registration that was not withdrawn decides. */
export function momentState(moment: PlannedMoment): MomentState {
  const registration = moment.Registrations.filter((r) => !isWithdrawn(r.Status)).at(-1);
  if (!registration) return moment.Late ? 'late' : 'open';
  if (registration.AwaitingDoubleCheck) return 'awaiting_check';
  return SUCCESS_STATUSES.includes(registration.Status) ? 'given' : 'deviation';
}

/** The latest round that has started (or starts within ROUND_LEAD_MS), else the day's first round. */
export function currentRound(moments: readonly PlannedMoment[], now: Date): string | null {
  let first: string | null = null;
  let current: string | null = null;
  for (const moment of moments) {
    if (moment.ScheduledAt === null || moment.Time === null) continue;
    first ??= moment.Time;
    if (Date.parse(moment.ScheduledAt) <= now.getTime() + ROUND_LEAD_MS) current = moment.Time;
  }
  return current ?? first;
}

/**
 * The one computation of a day's figures: the Summary of the toedienlijst and every dashboard row and
 * tile come from here, so the same ward and day show the same numbers everywhere. Lateness was fixed
 * by buildDayList at `now` (moment.Late).
 */
export function progressOf(list: Pick<DayList, 'Moments'>, now: Date): DayProgress {
  const progress: DayProgress = {
    Planned: 0,
    Given: 0,
    Open: 0,
    Late: 0,
    Deviations: 0,
    AwaitingDoubleCheck: 0,
    CurrentRound: currentRound(list.Moments, now),
  };
  for (const moment of list.Moments) {
    if (moment.AsNeeded) {
      progress.AwaitingDoubleCheck += moment.Registrations.filter(
        (r) => !isWithdrawn(r.Status) && r.AwaitingDoubleCheck,
      ).length;
      continue;
    }
    progress.Planned += 1;
    const state = momentState(moment);
    if (state === 'given') progress.Given += 1;
    else if (state === 'deviation') progress.Deviations += 1;
    else if (state === 'awaiting_check') progress.AwaitingDoubleCheck += 1;
    else {
      progress.Open += 1;
      if (state === 'late') progress.Late += 1;
    }
  }
  return progress;
}

/**
 * The open doses (late or not) of one round: what the toedienlijst's round heading shows as open, with
 * the same state rule as the Summary's Open. The landing tile of the current round uses it.
 */
export function openInRound(list: Pick<DayList, 'Moments'>, round: string): number {
  return list.Moments.filter((moment) => {
    if (moment.AsNeeded || moment.Time !== round) return false;
    const state = momentState(moment);
    return state === 'open' || state === 'late';
  }).length;
}
