import type { AccountAccess } from './auth-port.ts';

/** Active, not deleted and inside its active period (if it has one). */
export function accountCanLogIn(account: AccountAccess, now = new Date()): boolean {
  if (!account.active || account.deleted) return false;
  if (account.activeFrom && account.activeFrom > now) return false;
  if (account.activeUntil && account.activeUntil < now) return false;
  return true;
}
