import type { ReactNode } from 'react';
import { TOAST } from '@zorgportaal/contract';
import { i18n } from './i18n.ts';
import { wantToastContainer } from './toast-container.ts';

// Mantine's toast store and container load with the first toast, not with the /login page.
const notifications = () => import('@mantine/notifications').then((m) => m.notifications);

/**
 * Toasts (spec §9): top right, titled 'Notificatie', 5000 ms, newest on top,
 * show animation 300 ms, hide animation 500 ms.
 *
 * Our reading of "extended 1000 ms on hover": while the pointer is over a toast its close
 * timer is paused; when the pointer leaves, the toast stays for the time it still had left
 * plus 1000 ms. Mantine's own timer restarts the full duration on leave, so its auto close is
 * switched off and this module keeps the timer.
 *
 * Mantine uses one transition duration for both directions; the <Notifications> container
 * runs at the hide duration (500 ms) and each toast starts with a 300 ms style that is
 * switched to 500 ms once it is shown, so the exit animation takes 500 ms.
 */
export type ToastKind = 'info' | 'success' | 'error' | 'warning';

const COLORS: Record<ToastKind, string> = { info: 'blue', success: 'green', error: 'red', warning: 'orange' };

const transition = (ms: number) => ({ transitionDuration: `${ms}ms, ${ms}ms, ${ms}ms` });

let sequence = 0;

export interface ToastOptions {
  kind?: ToastKind;
  /** Overrides the display time (ms); mainly for tests. */
  displayMs?: number;
}

export function showToast(
  message: ReactNode,
  { kind = 'info', displayMs = TOAST.displayMs }: ToastOptions = {},
): string {
  sequence += 1;
  const id = `toast-${sequence}`;
  const priority = sequence;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let remaining = displayMs;
  let startedAt = Date.now();

  const schedule = (ms: number) => {
    clearTimeout(timer);
    remaining = ms;
    startedAt = Date.now();
    timer = setTimeout(() => void notifications().then((n) => n.hide(id)), ms);
  };

  wantToastContainer();
  void notifications().then((n) =>
    n.show({
      id,
      title: i18n.t('toast.title', 'Notificatie'),
      message,
      color: COLORS[kind],
      autoClose: false,
      // Higher priority is listed first: the newest toast is on top.
      priority,
      role: kind === 'error' || kind === 'warning' ? 'alert' : 'status',
      'data-testid': 'toast',
      style: transition(TOAST.showAnimationMs),
      onMouseEnter: () => {
        clearTimeout(timer);
        remaining = Math.max(0, remaining - (Date.now() - startedAt));
      },
      onMouseLeave: () => schedule(remaining + TOAST.hoverExtensionMs),
      onClose: () => clearTimeout(timer),
    }),
  );
  setTimeout(
    () =>
      void notifications().then((n) => n.update({ id, message, style: transition(TOAST.hideAnimationMs) })),
    TOAST.showAnimationMs,
  );
  schedule(displayMs);
  return id;
}

/** Removes a toast at once, e.g. the "Gegeven … Ongedaan maken" toast after its undo. */
export const hideToast = (id: string) => void notifications().then((n) => n.hide(id));

export const toastError = (message: ReactNode) => showToast(message, { kind: 'error' });
export const toastSuccess = (message: ReactNode) => showToast(message, { kind: 'success' });
