import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications, notificationsStore } from '@mantine/notifications';
import { TOAST } from '@zorgportaal/contract';
import { showToast } from './toast.ts';

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const toasts = () => screen.queryAllByTestId('toast');
/** Toasts still open (the DOM keeps a closing toast for its 500 ms exit animation). */
const open = () => notificationsStore.getState().notifications.length;

describe('toast (spec §9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    render(
      <MantineProvider>
        <Notifications position={TOAST.position} transitionDuration={TOAST.hideAnimationMs} />
      </MantineProvider>,
    );
  });
  afterEach(() => {
    act(() => notifications.clean());
    vi.useRealTimers();
  });

  it("is titled 'Notificatie' and closes after 5000 ms", async () => {
    act(() => void showToast('Opgeslagen'));
    await advance(10);
    expect(screen.getByText('Notificatie')).toBeTruthy();
    await advance(4900);
    expect(open()).toBe(1);
    await advance(100);
    expect(open()).toBe(0);
  });

  it('stays while hovered and 1000 ms longer than its remaining time after the pointer leaves', async () => {
    act(() => void showToast('Opgeslagen'));
    await advance(4000);
    fireEvent.mouseEnter(toasts()[0]!);
    await advance(20_000);
    expect(open()).toBe(1);
    fireEvent.mouseLeave(toasts()[0]!);
    await advance(1900);
    expect(open()).toBe(1);
    await advance(100);
    expect(open()).toBe(0);
  });

  it('puts the newest toast on top', async () => {
    act(() => void showToast('eerste'));
    act(() => void showToast('tweede'));
    await advance(10);
    expect(toasts().map((toast) => toast.textContent)).toEqual([
      expect.stringContaining('tweede'),
      expect.stringContaining('eerste'),
    ]);
  });
});
