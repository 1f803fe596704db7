import type { AgreementType, Instructions } from '@zorgportaal/contract';
import { dayBounds, isoWeekday, localInstant } from '../../platform/time.ts';
import type { DaySlot } from './planned-schema.ts';

export type { DaySlot };

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
 * An agreement's day template: its timed moments on `date` (none on a weekday it skips), or the one
 * as-needed line. A pure function of the type and instructions, which never change (a change is a new
 * agreement), and the date: what `planned_moments` stores.
 */
export function daySlots(a: Pick<PlanningAgreement, 'type' | 'instructions'>, date: string): DaySlot[] {
  if (isAsNeeded(a)) return [{ at: null, time: null, dose: a.instructions.AsNeededDose }];
  const { Weekdays, Moments } = a.instructions;
  if (Weekdays.length > 0 && !Weekdays.includes(isoWeekday(date))) return [];
  const seen = new Set<number>();
  const slots: DaySlot[] = [];
  for (const moment of Moments) {
    // localInstant keeps what it resolved: a ward asks the same few times for every agreement.
    const at = localInstant(date, moment.Time).getTime();
    // 02:30 and 03:30 meet on the day summer time starts; the dose is planned once.
    if (seen.has(at)) continue;
    seen.add(at);
    slots.push({ at, time: moment.Time, dose: moment.Dose });
  }
  return slots;
}

/**
 * The toedienlijst of one day: every timed moment of the agreements active at that instant, and one
 * line per as-needed agreement in force that day. Agreements are half-open intervals [startAt, endAt), so a
 * change mid-day (old ends at T, new starts at T) yields each moment once: before T from the old one,
 * from T on from the new one. Sorted by time (as-needed last), then agreement id.
 */
export function plannedMoments(agreements: readonly PlanningAgreement[], date: string): PlannedSlot[] {
  const templates = new Map(agreements.map((a) => [a.id, daySlots(a, date)]));
  return plannedFrom(agreements, templates, date);
}

/**
 * `plannedMoments` from the agreements' day templates (`daySlots`, computed or stored): the agreement's
 * start and end applied to each timed slot, and an as-needed line only while in force and not replaced
 * that day. An agreement without a template plans nothing.
 */
export function plannedFrom(
  agreements: readonly PlanningAgreement[],
  templates: ReadonlyMap<number, readonly DaySlot[]>,
  date: string,
  day = dayBounds(date),
): PlannedSlot[] {
  const slots: PlannedSlot[] = [];
  for (const a of agreements) {
    const template = templates.get(a.id) ?? [];
    if (isAsNeeded(a)) {
      // When a change happened today, only the newest agreement of the chain is listed.
      const replacedToday = agreements.some((b) => b.replacesId === a.id && overlaps(b, day.start, day.end));
      if (overlaps(a, day.start, day.end) && !replacedToday)
        for (const slot of template)
          slots.push({ agreementId: a.id, scheduledAt: null, time: null, dose: slot.dose });
      continue;
    }
    for (const slot of template) {
      const scheduledAt = new Date(slot.at!);
      if (activeAt(a, scheduledAt))
        slots.push({ agreementId: a.id, scheduledAt, time: slot.time, dose: slot.dose });
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
