import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getNetworkState, requestStarted, setBrowserOnline, SLOW_AFTER_MS } from './network-state.ts';

describe('network state (progress, slow, offline)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    setBrowserOnline(true);
    vi.useRealTimers();
  });

  it('counts requests in flight and calls one slow after a few seconds without an answer', () => {
    const end = requestStarted();
    expect(getNetworkState()).toMatchObject({ pending: 1, slow: false });
    vi.advanceTimersByTime(SLOW_AFTER_MS - 1);
    expect(getNetworkState().slow).toBe(false);
    vi.advanceTimersByTime(1);
    expect(getNetworkState().slow).toBe(true);
    end('answered');
    expect(getNetworkState()).toMatchObject({ pending: 0, slow: false, offline: false });
  });

  it('is offline after a request without an answer, until the next answer; an abort changes nothing', () => {
    requestStarted()('failed');
    expect(getNetworkState().offline).toBe(true);
    requestStarted()('aborted');
    expect(getNetworkState().offline).toBe(true);
    requestStarted()('answered');
    expect(getNetworkState().offline).toBe(false);
  });

  it("follows the browser's online and offline events", () => {
    window.dispatchEvent(new Event('offline'));
    expect(getNetworkState().offline).toBe(true);
    window.dispatchEvent(new Event('online'));
    expect(getNetworkState().offline).toBe(false);
  });
});
