import { useMediaQuery } from '@mantine/hooks';
import { TOAST } from '@zorgportaal/contract';

/** Mantine's lg breakpoint (75em = 1200 px): below it the portal is laid out for a tablet. */
export const WIDE_SCREEN_QUERY = '(min-width: 75em)';

/** Height of the strip the signed-in layout keeps free at the bottom of a tablet screen for toasts. */
export const TOAST_STRIP_HEIGHT = 64;

export interface ToastPlacement {
  position: 'top-right' | 'bottom-center';
  /** How many toasts are visible at once; the rest wait (newest first) until one closes. */
  limit: number;
}

/**
 * Where toasts appear. On a desktop (≥ 1200 px) spec §9: top right, newest on top. On a tablet a
 * toast floating over the list sits on the next client's buttons, so there toasts use the strip at
 * the bottom that the layout reserves (nothing of the page lies under it), one at a time: the
 * newest shows, an older one returns when the newest closes before its own time is up.
 */
export function toastPlacement(wide: boolean): ToastPlacement {
  return wide ? { position: TOAST.position, limit: 5 } : { position: 'bottom-center', limit: 1 };
}

export function useToastPlacement(): ToastPlacement {
  const wide = useMediaQuery(WIDE_SCREEN_QUERY, true, { getInitialValueInEffect: false });
  return toastPlacement(wide);
}
