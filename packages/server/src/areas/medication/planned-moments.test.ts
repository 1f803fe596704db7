import { type InstructionsInput, instructionsSchema } from '@zorgportaal/contract';
import { describe, expect, it } from 'vitest';
import { isPlannedInstant, type PlanningAgreement, plannedMoments } from './planned-moments.ts';

const instructions = (i: Partial<InstructionsInput>) =>
  instructionsSchema.parse({ DoseUnit: 'tablet', Moments: [], ...i });
const twiceDaily = instructions({
  Moments: [
    { Time: '08:00', Dose: 1 },
    { Time: '20:00', Dose: 2 },
  ],
});
const agreement = (a: Partial<PlanningAgreement> = {}): PlanningAgreement => ({
  id: 1,
  type: 'continuous',
  startAt: new Date('2025-01-01T00:00:00Z'),
  endAt: null,
  replacesId: null,
  instructions: twiceDaily,
  ...a,
});
const instants = (date: string, ...as: PlanningAgreement[]) =>
  plannedMoments(as, date).map((s) => [s.agreementId, s.scheduledAt?.toISOString() ?? null, s.dose]);

describe('plannedMoments: times, weekdays, as-needed', () => {
  it('plans each time in local Dutch time, stored as UTC (winter +1, summer +2)', () => {
    expect(instants('2026-01-15', agreement())).toEqual([
      [1, '2026-01-15T07:00:00.000Z', 1],
      [1, '2026-01-15T19:00:00.000Z', 2],
    ]);
    expect(instants('2026-07-15', agreement())[0]).toEqual([1, '2026-07-15T06:00:00.000Z', 1]);
  });

  it('plans only on the listed ISO weekdays (1 = Monday)', () => {
    const mondays = agreement({
      instructions: instructions({ Moments: [{ Time: '09:00', Dose: 1 }], Weekdays: [1] }),
    });
    expect(instants('2026-01-12', mondays)).toHaveLength(1); // Monday
    expect(instants('2026-01-15', mondays)).toEqual([]); // Thursday
    const sundays = agreement({
      instructions: instructions({ Moments: [{ Time: '09:00', Dose: 1 }], Weekdays: [7] }),
    });
    expect(instants('2026-01-18', sundays)).toHaveLength(1); // Sunday
  });

  it('lists as-needed medication once, without a time, after the timed moments', () => {
    const prn = agreement({
      id: 2,
      type: 'as_needed',
      instructions: instructions({ AsNeededCriterion: 'bij pijn', AsNeededMaxPerDay: 4, AsNeededDose: 1 }),
    });
    expect(instants('2026-01-15', prn, agreement())).toEqual([
      [1, '2026-01-15T07:00:00.000Z', 1],
      [1, '2026-01-15T19:00:00.000Z', 2],
      [2, null, 1],
    ]);
    const slot = plannedMoments([prn], '2026-01-15')[0]!;
    expect(slot.time).toBeNull();
  });
});

describe('plannedMoments: start and end', () => {
  it('starts at the start instant and ends before the (exclusive) end', () => {
    const startsAtNoon = agreement({ startAt: new Date('2026-01-15T11:00:00Z') });
    expect(instants('2026-01-15', startsAtNoon)).toEqual([[1, '2026-01-15T19:00:00.000Z', 2]]);
    const endsAtEight = agreement({ endAt: new Date('2026-01-15T07:00:00Z') });
    expect(instants('2026-01-15', endsAtEight)).toEqual([]);
    const endsJustAfter = agreement({ endAt: new Date('2026-01-15T07:01:00Z') });
    expect(instants('2026-01-15', endsJustAfter)).toEqual([[1, '2026-01-15T07:00:00.000Z', 1]]);
  });

  it('plans nothing before the start day or after the end day, also for as-needed', () => {
    const period = { startAt: new Date('2026-01-10T00:00:00Z'), endAt: new Date('2026-01-12T23:00:00Z') };
    expect(instants('2026-01-09', agreement(period))).toEqual([]);
    expect(instants('2026-01-13', agreement(period))).toEqual([]);
    const prn = agreement({
      ...period,
      type: 'as_needed',
      instructions: instructions({ AsNeededCriterion: 'x' }),
    });
    expect(instants('2026-01-09', prn)).toEqual([]);
    expect(instants('2026-01-12', prn)).toEqual([[1, null, null]]);
    expect(instants('2026-01-13', prn)).toEqual([]);
  });

  it('a change mid-day plans each moment once: before it from the old, after it from the new', () => {
    const changeAt = new Date('2026-01-15T11:00:00Z'); // 12:00 local
    const old = agreement({ id: 1, endAt: changeAt });
    const changed = agreement({
      id: 2,
      startAt: changeAt,
      replacesId: 1,
      instructions: instructions({
        Moments: [
          { Time: '08:00', Dose: 3 },
          { Time: '20:00', Dose: 3 },
        ],
      }),
    });
    expect(instants('2026-01-15', old, changed)).toEqual([
      [1, '2026-01-15T07:00:00.000Z', 1],
      [2, '2026-01-15T19:00:00.000Z', 3],
    ]);
    expect(instants('2026-01-16', old, changed).map((s) => s[0])).toEqual([2, 2]);
  });

  it('a change of an as-needed agreement lists only the new one that day', () => {
    const changeAt = new Date('2026-01-15T11:00:00Z');
    const prn = instructions({ AsNeededCriterion: 'bij pijn' });
    const old = agreement({ id: 1, type: 'as_needed', endAt: changeAt, instructions: prn });
    const changed = agreement({
      id: 2,
      type: 'as_needed',
      startAt: changeAt,
      replacesId: 1,
      instructions: prn,
    });
    expect(instants('2026-01-15', old, changed)).toEqual([[2, null, null]]);
    expect(instants('2026-01-14', old, changed)).toEqual([[1, null, null]]);
  });
});

describe('plannedMoments on daylight-saving days (Europe/Amsterdam)', () => {
  it('summer time starts (29 March 2026): 08:00 is already +2, a skipped 02:30 moves to 03:30 once', () => {
    const night = agreement({
      instructions: instructions({
        Moments: [
          { Time: '02:30', Dose: 1 },
          { Time: '03:30', Dose: 1 },
          { Time: '08:00', Dose: 1 },
        ],
      }),
    });
    expect(instants('2026-03-29', night)).toEqual([
      [1, '2026-03-29T01:30:00.000Z', 1],
      [1, '2026-03-29T06:00:00.000Z', 1],
    ]);
    expect(instants('2026-03-28', agreement())[0]![1]).toBe('2026-03-28T07:00:00.000Z');
  });

  it('summer time ends (25 October 2026): 02:30 happens twice but is planned once', () => {
    const night = agreement({
      instructions: instructions({
        Moments: [
          { Time: '02:30', Dose: 1 },
          { Time: '08:00', Dose: 1 },
        ],
      }),
    });
    const slots = instants('2026-10-25', night);
    expect(slots).toHaveLength(2);
    expect(slots[1]).toEqual([1, '2026-10-25T07:00:00.000Z', 1]);
    expect(['2026-10-25T00:30:00.000Z', '2026-10-25T01:30:00.000Z']).toContain(slots[0]![1]);
  });

  it('a whole day of hourly moments gives 23 doses in spring and 24 in autumn', () => {
    const hourly = agreement({
      instructions: instructions({
        Moments: Array.from({ length: 24 }, (_, h) => ({
          Time: `${String(h).padStart(2, '0')}:00`,
          Dose: 1,
        })),
      }),
    });
    expect(instants('2026-03-29', hourly)).toHaveLength(23);
    expect(instants('2026-10-25', hourly)).toHaveLength(24);
    expect(instants('2026-01-15', hourly)).toHaveLength(24);
  });
});

describe('isPlannedInstant', () => {
  it('accepts a planned instant and refuses any other', () => {
    expect(isPlannedInstant(agreement(), new Date('2026-01-15T07:00:00Z'), '2026-01-15')).toBe(true);
    expect(isPlannedInstant(agreement(), new Date('2026-01-15T07:30:00Z'), '2026-01-15')).toBe(false);
  });
});
