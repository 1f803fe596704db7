import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { secondsLeft, startInactivityTimer } from './inactivity.ts';

const MINUTE = 60_000;

describe('inactivity timer (15 minutes, warning one minute before)', () => {
  const onWarn = vi.fn();
  const onTimeout = vi.fn();
  const start = () => startInactivityTimer({ timeoutMs: 15 * MINUTE, warningMs: MINUTE, onWarn, onTimeout });

  beforeEach(() => {
    vi.useFakeTimers();
    onWarn.mockReset();
    onTimeout.mockReset();
  });
  afterEach(() => vi.useRealTimers());

  it('warns after 14 idle minutes with the logout moment, and logs out at 15', () => {
    const startedAt = Date.now();
    start();
    vi.advanceTimersByTime(14 * MINUTE - 1);
    expect(onWarn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onWarn).toHaveBeenCalledExactlyOnceWith(startedAt + 15 * MINUTE);
    vi.advanceTimersByTime(MINUTE - 1);
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onTimeout).toHaveBeenCalledOnce();
  });

  it('counts from the last activity before the warning', () => {
    const timer = start();
    vi.advanceTimersByTime(10 * MINUTE);
    timer.activity();
    vi.advanceTimersByTime(14 * MINUTE - 1);
    expect(onWarn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onWarn).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(MINUTE);
    expect(onTimeout).toHaveBeenCalledOnce();
  });

  it('ignores passing activity once the warning is up; "Ingelogd blijven" starts the full time again', () => {
    const timer = start();
    vi.advanceTimersByTime(14 * MINUTE + 30_000);
    timer.activity();
    vi.advanceTimersByTime(29_000);
    timer.stayLoggedIn();
    vi.advanceTimersByTime(2 * MINUTE);
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(12 * MINUTE);
    expect(onWarn).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(MINUTE);
    expect(onTimeout).toHaveBeenCalledOnce();
  });

  it('logs out at once when a sleeping tab wakes after the limit (timers fire late)', () => {
    start();
    // The device slept: the clock moved 20 minutes but no timer ran.
    vi.setSystemTime(Date.now() + 20 * MINUTE);
    vi.advanceTimersByTime(14 * MINUTE);
    expect(onTimeout).toHaveBeenCalledOnce();
    expect(onWarn).not.toHaveBeenCalled();
  });

  it('does nothing after stop', () => {
    const timer = start();
    timer.stop();
    vi.advanceTimersByTime(60 * MINUTE);
    expect(onWarn).not.toHaveBeenCalled();
    expect(onTimeout).not.toHaveBeenCalled();
  });

  it('counts down whole seconds', () => {
    expect(secondsLeft(61_000, 1_000)).toBe(60);
    expect(secondsLeft(61_000, 1_001)).toBe(60);
    expect(secondsLeft(61_000, 2_000)).toBe(59);
    expect(secondsLeft(61_000, 99_000)).toBe(0);
  });
});
