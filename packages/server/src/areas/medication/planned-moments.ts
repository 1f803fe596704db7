import type { AgreementType, Instructions } from '@zorgportaal/contract';
import { dayBounds, isoWeekday, localInstant } from '../../platform/time.ts';

/** What planning needs of an agreement (a subset of the stored row). */
export interface PlanningAgreement {
  id: number;
  type: AgreementType;
  startAt: Date;
  /** Exclusive; a stop or change sets it. Null = open-ended. */
  endAt: Date | null;
  replacesId: number | null;
  instructions: Instructions;
}

export interface PlannedSlot {
  agreementId: number;
  /** UTC instant; null for as-needed medication (listed without a time). */
  scheduledAt: Date | null;
  /** The prescribed local time (HH:mm); null for as-needed. */
  time: string | null;
  dose: number | null;
}

/** As-needed: the type says so, or there are no fixed times (only a criterion). */
export const isAsNeeded = (a: Pick<PlanningAgreement, 'type' | 'instructions'>): boolean =>
  a.type === 'as_needed' || a.instructions.Moments.length === 0;

const activeAt = (a: PlanningAgreement, instant: Date): boolean =>
  a.startAt <= instant && (a.endAt === null || instant < a.endAt);

const overlaps = (a: PlanningAgreement, start: Date, end: Date): boolean =>
  a.startAt < end && (a.endAt === null || a.endAt > start);

/**
 * The toedienlijst of one day: every timed moment of the agreements active at that instant, and one
 * line per as-needed agreement in force that day. Agreements are half-open intervals [startAt, endAt), so a
 * change mid-day (old ends at T, new starts at T) yields each moment once: before T from the old one,
 * from T on from the new one. Sorted by time (as-needed last), then agreement id.
 */
export function plannedMoments(agreements: readonly PlanningAgreement[], date: string): PlannedSlot[] {
  const weekday = isoWeekday(date);
  const day = dayBounds(date);
  // Time-zone conversion is the costly part; a ward has only a handful of distinct times a day.
  const instants = new Map<string, Date>();
  const instantOf = (time: string) => {
    let instant = instants.get(time);
    if (!instant) instants.set(time, (instant = localInstant(date, time)));
    return instant;
  };
  const slots: PlannedSlot[] = [];
  for (const a of agreements) {
    if (isAsNeeded(a)) {
      // When a change happened today, only the newest agreement of the chain is listed.
      const replacedToday = agreements.some((b) => b.replacesId === a.id && overlaps(b, day.start, day.end));
      if (overlaps(a, day.start, day.end) && !replacedToday) {
        slots.push({ agreementId: a.id, scheduledAt: null, time: null, dose: a.instructions.AsNeededDose });
      }
      continue;
    }
    const { Weekdays, Moments } = a.instructions;
    if (Weekdays.length > 0 && !Weekdays.includes(weekday)) continue;
    const seen = new Set<number>();
    for (const moment of Moments) {
      const scheduledAt = instantOf(moment.Time);
      // 02:30 and 03:30 meet on the day summer time starts; the dose is planned once.
      if (activeAt(a, scheduledAt) && !seen.has(scheduledAt.getTime())) {
        seen.add(scheduledAt.getTime());
        slots.push({ agreementId: a.id, scheduledAt, time: moment.Time, dose: moment.Dose });
      }
    }
  }
  return slots.sort(compareSlots);
}

function compareSlots(x: PlannedSlot, y: PlannedSlot): number {
  const tx = x.scheduledAt?.getTime() ?? Number.POSITIVE_INFINITY;
  const ty = y.scheduledAt?.getTime() ?? Number.POSITIVE_INFINITY;
  return tx === ty ? x.agreementId - y.agreementId : tx - ty;
}

/** True when `scheduledAt` is one of the agreement's planned instants (registrations must hit one). */
export function isPlannedInstant(a: PlanningAgreement, scheduledAt: Date, date: string): boolean {
  return plannedMoments([a], date).some((s) => s.scheduledAt?.getTime() === scheduledAt.getTime());
}
