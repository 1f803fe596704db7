import { afterEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useOpenOnly } from './use-open-only.ts';

describe('useOpenOnly', () => {
  afterEach(() => window.localStorage.clear());

  it('is off at first and keeps the choice on this device for the next visit', () => {
    const first = renderHook(() => useOpenOnly());
    expect(first.result.current[0]).toBe(false);
    act(() => first.result.current[1](true));
    expect(first.result.current[0]).toBe(true);
    first.unmount();
    expect(renderHook(() => useOpenOnly()).result.current[0]).toBe(true);
  });
});
