import type { PlannedMoment, TimingReason } from '@zorgportaal/contract';

/**
 * Where `now` falls in a timed dose's window as the server sent it (PlannedMoment.Window): the screen
 * shows the rule the API enforces (server/areas/administration/time-window.ts) and never decides it:
 * the server answers every registration by its own clock. 'none' for as-needed doses.
 */
export type WindowTiming = 'none' | 'in_window' | 'early' | 'late' | 'too_early' | 'too_late';

export function windowTiming(moment: Pick<PlannedMoment, 'Window'>, now: number): WindowTiming {
  const window = moment.Window;
  if (!window) return 'none';
  if (now < Date.parse(window.Earliest)) return 'too_early';
  if (now > Date.parse(window.Latest)) return 'too_late';
  if (now < Date.parse(window.Start)) return 'early';
  if (now > Date.parse(window.End)) return 'late';
  return 'in_window';
}

/** The reason a registration at `now` needs: early before the planned time, late after it. */
export const timingReasonAt = (moment: Pick<PlannedMoment, 'ScheduledAt'>, now: number): TimingReason =>
  moment.ScheduledAt !== null && now < Date.parse(moment.ScheduledAt) ? 'given_early' : 'given_late';

/** "Gegeven" in one tap only inside the window; outside it the nurse confirms (or is refused). */
export const needsConfirmation = (timing: WindowTiming): boolean =>
  timing !== 'none' && timing !== 'in_window';
