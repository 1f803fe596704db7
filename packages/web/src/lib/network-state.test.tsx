import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import {
  getNetworkState,
  requestStarted,
  setBrowserOnline,
  SLOW_AFTER_MS,
  useConnectionTrouble,
} from './network-state.ts';

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

  it('useConnectionTrouble renders again when the connection turns slow or comes back, not per request', () => {
    let renders = 0;
    const Header = () => {
      renders += 1;
      return <span data-testid="trouble">{String(useConnectionTrouble())}</span>;
    };
    const view = render(<Header />);
    expect(renders).toBe(1);
    // Ten requests start and end (the photos of a ward list): the layout keeps its render.
    act(() => {
      for (let i = 0; i < 10; i++) requestStarted()('answered');
    });
    expect(renders).toBe(1);
    let end: ReturnType<typeof requestStarted> = () => {};
    act(() => {
      end = requestStarted();
      vi.advanceTimersByTime(SLOW_AFTER_MS);
    });
    expect(view.getByTestId('trouble').textContent).toBe('true');
    act(() => end('answered'));
    expect(view.getByTestId('trouble').textContent).toBe('false');
    expect(renders).toBe(3);
  });
});
