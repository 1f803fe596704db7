import { describe, expect, it } from 'vitest';
import { HttpError } from '../../platform/errors.ts';
import { checkAdministeredAt, checkTimeWindow, timingOf, windowOf, windowSettingsOf } from './time-window.ts';

const planned = new Date('2026-01-15T07:00:00Z'); // 08:00 in Amsterdam
const minutes = (m: number) => new Date(planned.getTime() + m * 60_000);
const standard = { before: 60, after: 60 };

/** The field a refusal names, or the stored reason. */
function outcome(at: Date, reason: 'given_early' | 'given_late' | null = null, status = 'given' as const) {
  try {
    return checkTimeWindow(
      { ScheduledAt: planned.toISOString(), Status: status, AdministeredAt: null, TimingReason: reason },
      standard,
      at,
    );
  } catch (error) {
    if (!(error instanceof HttpError) || error.statusCode !== 422) throw error;
    return `422 ${Object.keys((error.extra.Fields as object | undefined) ?? {}).join()}`;
  }
}

describe('windowSettingsOf', () => {
  it('defaults to 60 minutes either side and ignores values out of bounds', () => {
    expect(windowSettingsOf(null)).toEqual({ before: 60, after: 60 });
    expect(windowSettingsOf({ DoseWindowBeforeMinutes: 30, DoseWindowAfterMinutes: 0 })).toEqual({
      before: 30,
      after: 0,
    });
    expect(windowSettingsOf({ DoseWindowBeforeMinutes: 600, DoseWindowAfterMinutes: 'x' })).toEqual(standard);
  });
});

describe('timingOf and windowOf', () => {
  it('the window edges are inside; the hard limit is four hours either side', () => {
    expect(timingOf(planned, minutes(-60), standard)).toBe('in_window');
    expect(timingOf(planned, minutes(60), standard)).toBe('in_window');
    expect(timingOf(planned, minutes(-61), standard)).toBe('early');
    expect(timingOf(planned, minutes(61), standard)).toBe('late');
    expect(timingOf(planned, minutes(-240), standard)).toBe('early');
    expect(timingOf(planned, minutes(-241), standard)).toBe('too_early');
    expect(timingOf(planned, minutes(241), standard)).toBe('too_late');
    expect(timingOf(planned, minutes(-20), { before: 15, after: 60 })).toBe('early');
  });

  it('the list shows the same instants', () => {
    expect(windowOf(planned, { before: 30, after: 90 })).toEqual({
      Start: '2026-01-15T06:30:00.000Z',
      End: '2026-01-15T08:30:00.000Z',
      Earliest: '2026-01-15T03:00:00.000Z',
      Latest: '2026-01-15T11:00:00.000Z',
    });
  });
});

describe('checkTimeWindow', () => {
  it('inside the window nothing is asked and nothing stored, even when a reason is sent', () => {
    expect(outcome(minutes(-30))).toBeNull();
    expect(outcome(minutes(30), 'given_late')).toBeNull();
  });

  it('just outside it needs the matching reason, which is stored', () => {
    expect(outcome(minutes(-90))).toBe('422 TimingReason');
    expect(outcome(minutes(-90), 'given_late')).toBe('422 TimingReason');
    expect(outcome(minutes(-90), 'given_early')).toBe('given_early');
    expect(outcome(minutes(90))).toBe('422 TimingReason');
    expect(outcome(minutes(90), 'given_late')).toBe('given_late');
  });

  it('far outside it is refused naming ScheduledAt, whatever the reason', () => {
    expect(outcome(minutes(-7 * 60), 'given_early')).toBe('422 ScheduledAt');
    expect(outcome(minutes(5 * 60), 'given_late')).toBe('422 ScheduledAt');
  });

  it('a partial dose follows the window; deviations and as-needed doses have none', () => {
    expect(outcome(minutes(-90), null, 'partial' as never)).toBe('422 TimingReason');
    expect(outcome(minutes(-7 * 60), null, 'refused' as never)).toBeNull();
    expect(
      checkTimeWindow(
        { ScheduledAt: null, Status: 'given', AdministeredAt: null, TimingReason: null },
        standard,
        minutes(-7 * 60),
      ),
    ).toBeNull();
  });

  it('AdministeredAt, not the moment of recording, is what counts', () => {
    const body = {
      ScheduledAt: planned.toISOString(),
      Status: 'given' as const,
      AdministeredAt: minutes(10).toISOString(),
      TimingReason: null,
    };
    expect(checkTimeWindow(body, standard, minutes(6 * 60))).toBeNull();
  });

  it('a tap time up to 72 hours old is accepted when it arrives; older is 422 naming AdministeredAt', () => {
    const hours = (h: number) => new Date(planned.getTime() + h * 3_600_000);
    expect(() => checkAdministeredAt(planned.toISOString(), hours(72))).not.toThrow();
    expect(() => checkAdministeredAt(null, hours(1000))).not.toThrow();
    try {
      checkAdministeredAt(planned.toISOString(), new Date(hours(72).getTime() + 1));
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).statusCode).toBe(422);
      expect((error as HttpError).extra.Fields).toHaveProperty('AdministeredAt');
    }
  });
});
