import { useEffect, useState } from 'react';

/**
 * What gets the focus back when a dialog closes: the element that had it when the dialog opened, or,
 * when that was an item of a menu (which is gone by the time the dialog closes), the button that
 * opened the menu. Mantine labels a menu's dropdown with its target's id.
 */
function openerOf(active: Element | null): HTMLElement | null {
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  const menu = active.closest('[data-menu-dropdown], [role="menu"]');
  const targetId = menu?.getAttribute('aria-labelledby');
  const target = targetId ? document.getElementById(targetId) : null;
  return target ?? active;
}

/** Focuses the opener once the dialog is gone, unless whatever closed it has put the focus elsewhere. */
function giveFocusBack(opener: HTMLElement): void {
  const atClose = document.activeElement;
  window.setTimeout(() => {
    const active = document.activeElement;
    const lost = !active || active === document.body || active === atClose || !active.isConnected;
    if (lost && opener.isConnected) opener.focus({ preventScroll: true });
  }, 0);
}

/**
 * Returns the focus to the control that opened a dialog when it closes, both for a dialog whose
 * `opened` turns false and for one that is rendered only while open and unmounts on close (Mantine's
 * own `returnFocus` covers neither an opener inside a menu nor a dialog that mounts already open).
 * The opener is read while rendering the open dialog: by the time an effect runs, a menu item that
 * opened it may already have left the page and taken the focus with it.
 */
export function useReturnFocus(opened: boolean): void {
  const [opener, setOpener] = useState(() => (opened ? openerOf(document.activeElement) : null));
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    setOpener(opened ? openerOf(document.activeElement) : null);
  }
  useEffect(() => {
    if (!opened || !opener) return;
    return () => giveFocusBack(opener);
  }, [opened, opener]);
}
