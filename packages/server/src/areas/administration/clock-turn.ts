import type { DayList, Registration } from '@zorgportaal/contract';
import { progressOf } from './day-progress.ts';
import { isLate, isWithdrawn } from './rules.ts';
import { instantOrNull as instant } from '../../platform/instant-text.ts';

/** An open moment (nothing registered, or only withdrawn registrations) is late by the clock alone. */
export const isOpenAndLate = (
  registrations: readonly Pick<Registration, 'Status'>[],
  scheduledAt: Date | null,
  now: Date,
): boolean => registrations.every((r) => isWithdrawn(r.Status)) && isLate(scheduledAt, null, now);

/** A registration's lateness from its answer's fields, as toRegistration decides it from the row. */
const registrationLate = (r: Registration, now: Date) =>
  isLate(instant(r.ScheduledAt), { status: r.Status, administeredAt: instant(r.AdministeredAt) }, now);

/**
 * A day list built at one instant as a build at `now` from the same data gives it: what the clock alone decides
 * (a moment's and a registration's lateness, the Summary with its current round) computed again, everything
 * else as built. Keys keep their places, so the JSON is the build's byte for byte (test/clock-turn.test.ts).
 */
export function turnedTo<L extends Pick<DayList, 'Moments' | 'Summary'>>(list: L, now: Date): L {
  const Moments = list.Moments.map((moment) => {
    const Registrations = moment.Registrations.map((r) => ({ ...r, Late: registrationLate(r, now) }));
    return { ...moment, Late: isOpenAndLate(Registrations, instant(moment.ScheduledAt), now), Registrations };
  });
  return { ...list, Moments, Summary: progressOf({ Moments }, now) };
}
