import { LATE_AFTER_MINUTES } from '@zorgportaal/contract';

/** Whole minutes between the planned moment and `at` (now, or when it was given); 0 when not past. */
export function minutesPast(scheduledAt: string | null, at: number = Date.now()): number {
  if (!scheduledAt) return 0;
  const planned = Date.parse(scheduledAt);
  if (Number.isNaN(planned)) return 0;
  return Math.max(0, Math.floor((at - planned) / 60_000));
}

/** Late: more than LATE_AFTER_MINUTES after the planned time (domain.md, 60 minutes). */
export const isLate = (scheduledAt: string | null, at: number = Date.now()): boolean =>
  minutesPast(scheduledAt, at) > LATE_AFTER_MINUTES;

/** Splits a delay for display: "45 min" or "2 u 05 min". */
export function splitDelay(minutes: number): { hours: number; minutes: number } {
  const whole = Math.max(0, Math.floor(minutes));
  return { hours: Math.floor(whole / 60), minutes: whole % 60 };
}
