import { getAccount } from './session.ts';

/**
 * What an inactivity logout left unfinished: the title of a dialog that was open (a half-filled
 * registration or deviation). Kept in memory only — logout clears session storage (spec §4) and no
 * patient data may outlive the session — and told to the same account once it is back.
 */
let pending: { accountId: number | null; dialog: string } | null = null;

/** The title of an open dialog other than the inactivity warning (marked `data-inactivity-warning`). */
export function openDialogTitle(): string | null {
  for (const dialog of document.querySelectorAll<HTMLElement>('[role="dialog"]')) {
    if (dialog.querySelector('[data-inactivity-warning]')) continue;
    const labelId = dialog.getAttribute('aria-labelledby');
    const title = (labelId ? document.getElementById(labelId)?.textContent : null)?.trim();
    if (title) return title;
  }
  return null;
}

export function rememberUnsavedDialog(dialog: string | null): void {
  pending = dialog ? { accountId: getAccount()?.Id ?? null, dialog } : null;
}

/** The unsaved dialog's title for the account now signed in (once); another account gets nothing. */
export function takeUnsavedDialog(): string | null {
  const notice = pending;
  pending = null;
  if (!notice || notice.accountId !== (getAccount()?.Id ?? null)) return null;
  return notice.dialog;
}
