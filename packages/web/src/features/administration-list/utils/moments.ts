import {
  SUCCESS_STATUSES,
  type AdministrationList,
  type PlannedMoment,
  type Registration,
} from '@zorgportaal/contract';
import { isLate } from './lateness.ts';
import { isVoided } from './registration-body.ts';

export type MomentState = 'open' | 'late' | 'given' | 'deviation' | 'awaiting_check';

export interface TimeGroup {
  time: string;
  moments: PlannedMoment[];
}

export interface GroupedMoments {
  /** Timed moments per HH:mm, in time order; within a time, room then patient (as the API sends). */
  timed: TimeGroup[];
  /** As-needed agreements (no time), listed once each. */
  asNeeded: PlannedMoment[];
}

/** The registration that counts for a timed moment (the API keeps only effective ones; take the last). */
export const currentRegistration = (moment: PlannedMoment): Registration | undefined =>
  moment.Registrations.at(-1);

export const isSuccess = (registration: Pick<Registration, 'Status'>): boolean =>
  SUCCESS_STATUSES.includes(registration.Status);

/**
 * The state of a timed moment. Open moments become late by the clock (`now`), so a list that stays
 * on screen shows lateness without waiting for the next refresh.
 */
export function momentState(moment: PlannedMoment, now: number = Date.now()): MomentState {
  const registration = currentRegistration(moment);
  // An undone registration (voided) leaves the moment open again; the next one corrects it.
  if (!registration || isVoided(registration))
    return moment.Late || isLate(moment.ScheduledAt, now) ? 'late' : 'open';
  if (registration.AwaitingDoubleCheck) return 'awaiting_check';
  return isSuccess(registration) ? 'given' : 'deviation';
}

export function groupMoments(moments: readonly PlannedMoment[]): GroupedMoments {
  const byTime = new Map<string, PlannedMoment[]>();
  const asNeeded: PlannedMoment[] = [];
  for (const moment of moments) {
    if (moment.AsNeeded || moment.Time === null) {
      asNeeded.push(moment);
      continue;
    }
    const group = byTime.get(moment.Time);
    if (group) group.push(moment);
    else byTime.set(moment.Time, [moment]);
  }
  const timed = [...byTime.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([time, group]) => ({ time, moments: group }));
  return { timed, asNeeded };
}

/** Still to do: nothing (effective) registered yet, late or not. */
export const isOpen = (moment: PlannedMoment, now: number = Date.now()): boolean =>
  ['open', 'late'].includes(momentState(moment, now));

/**
 * Where the list opens: the first open dose from the current round on (the server's CurrentRound,
 * else the next round with work), else the current round's heading. Null when not today.
 */
export function scrollTargetOf(
  rounds: readonly { time: string; shown: readonly PlannedMoment[] }[],
  currentRound: string | null,
  now: number = Date.now(),
): { time: string; key: string } | null {
  if (currentRound === null || rounds.length === 0) return null;
  const from = rounds.findIndex((r) => r.time >= currentRound);
  const ahead = from === -1 ? rounds.slice(-1) : rounds.slice(from);
  for (const round of ahead) {
    const first = round.shown.find((m) => isOpen(m, now));
    if (first) return { time: round.time, key: first.Key };
  }
  return { time: ahead[0]!.time, key: 'round' };
}

/** Given or partial registrations of an as-needed agreement today, against its maximum per day. */
export const asNeededTaken = (moment: PlannedMoment): number =>
  moment.Registrations.filter((r) => r.Status === 'given' || r.Status === 'partial').length;

/** The registrations of an as-needed agreement that still show (undone ones are left out). */
export const visibleRegistrations = (moment: PlannedMoment): Registration[] =>
  moment.Registrations.filter((r) => !isVoided(r));

/**
 * The list as it is after a registration (the server's answer), so the card changes at once
 * instead of after the refetch: a correction replaces the registration it corrects.
 */
export function applyRegistration(list: AdministrationList, registration: Registration): AdministrationList {
  const sameMoment = (moment: PlannedMoment) =>
    moment.AgreementId === registration.AgreementId &&
    (moment.AsNeeded
      ? registration.ScheduledAt === null
      : moment.ScheduledAt !== null &&
        Date.parse(moment.ScheduledAt) === Date.parse(registration.ScheduledAt ?? ''));
  let changed = false;
  const moments = list.Moments.map((moment) => {
    if (!sameMoment(moment)) return moment;
    changed = true;
    const kept = moment.Registrations.filter(
      (r) => r.Id !== registration.Id && r.Id !== registration.CorrectsId,
    );
    return { ...moment, Registrations: moment.AsNeeded ? [...kept, registration] : [registration] };
  });
  return changed ? { ...list, Moments: moments } : list;
}
