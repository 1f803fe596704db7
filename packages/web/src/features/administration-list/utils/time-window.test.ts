import { describe, expect, it } from 'vitest';
import { moment } from './test-fixtures.ts';
import { needsConfirmation, timingReasonAt, windowTiming } from './time-window.ts';

const planned = Date.parse('2026-03-10T07:00:00.000Z');
const minutes = (m: number) => planned + m * 60_000;
const timed = moment({
  Window: {
    Start: new Date(minutes(-60)).toISOString(),
    End: new Date(minutes(60)).toISOString(),
    Earliest: new Date(minutes(-240)).toISOString(),
    Latest: new Date(minutes(240)).toISOString(),
  },
});

describe('windowTiming', () => {
  it("follows the server's instants, edges inside", () => {
    expect(windowTiming(timed, minutes(-60))).toBe('in_window');
    expect(windowTiming(timed, minutes(60))).toBe('in_window');
    expect(windowTiming(timed, minutes(-61))).toBe('early');
    expect(windowTiming(timed, minutes(61))).toBe('late');
    expect(windowTiming(timed, minutes(-241))).toBe('too_early');
    expect(windowTiming(timed, minutes(241))).toBe('too_late');
  });

  it('as-needed doses have no window, so "Gegeven" never asks', () => {
    expect(windowTiming(moment({ AsNeeded: true, ScheduledAt: null, Window: null }), minutes(-600))).toBe(
      'none',
    );
    expect(needsConfirmation('none')).toBe(false);
    expect(needsConfirmation('in_window')).toBe(false);
    expect(needsConfirmation('early')).toBe(true);
    expect(needsConfirmation('too_early')).toBe(true);
  });

  it('the reason is early before the planned time and late after it', () => {
    expect(timingReasonAt(timed, minutes(-90))).toBe('given_early');
    expect(timingReasonAt(timed, minutes(90))).toBe('given_late');
  });
});
