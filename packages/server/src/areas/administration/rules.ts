import {
  type AdministrationStatus,
  isRiskProduct,
  LATE_AFTER_MINUTES,
  type RiskCategory,
} from '@zorgportaal/contract';

const LATE_MS = LATE_AFTER_MINUTES * 60_000;

/**
 * A timed dose is late when it was administered, or is still open at `now`, more than 60 minutes after
 * its planned time. As-needed doses (no planned time) and doses not given are never late.
 */
export function isLate(
  scheduledAt: Date | null,
  registration: { status: AdministrationStatus; administeredAt: Date | null } | null,
  now: Date,
): boolean {
  if (!scheduledAt) return false;
  if (!registration) return now.getTime() - scheduledAt.getTime() > LATE_MS;
  if (registration.status !== 'given' && registration.status !== 'partial') return false;
  const at = registration.administeredAt ?? now;
  return at.getTime() - scheduledAt.getTime() > LATE_MS;
}

/**
 * An undo withdraws a registration: the web client sends a correction with Status 'cancelled' (reason
 * wrong_registration). domain.md keeps it on record (corrections never overwrite), but an effective
 * 'cancelled' registration counts as no registration at all: the moment is open (and may become late)
 * again, and the day list, dashboard, flowchart, results and CSV export count it neither as registered
 * nor as a deviation. The next registration of the moment is a correction of the cancelled one.
 */
export const WITHDRAWN_STATUS = 'cancelled' satisfies AdministrationStatus;
export const isWithdrawn = (status: AdministrationStatus): boolean => status === WITHDRAWN_STATUS;

/**
 * Only a dose that actually went in needs the check: a refused insulin dose has nothing to verify.
 */
export function needsDoubleCheck(categories: readonly RiskCategory[], status: AdministrationStatus): boolean {
  return isRiskProduct(categories) && (status === 'given' || status === 'partial');
}

export type DoubleCheckRefusal = 'not_required' | 'already_checked' | 'same_user' | null;

/**
 * Why a double check by `checkerId` cannot be recorded, or null when it can. The four-eyes rule
 * is the whole point, so the user who recorded the dose can never confirm it.
 */
export function doubleCheckRefusal(
  registration: { doubleCheckRequired: boolean; doubleCheckBy: number | null; recordedBy: number },
  checkerId: number,
): DoubleCheckRefusal {
  if (!registration.doubleCheckRequired) return 'not_required';
  if (registration.doubleCheckBy !== null) return 'already_checked';
  if (registration.recordedBy === checkerId) return 'same_user';
  return null;
}

/**
 * Who registers doses on a care centre's list: its own staff with administration.register. The supplying
 * pharmacy reads the same list (its scope reaches the care centre) but never administers, whatever its
 * roles; the registration routes refuse it (403) and the list tells its screen (MayRegister).
 */
export const mayRegisterAt = (
  caller: { entityId: number; permissions: ReadonlySet<string> },
  careCentreId: number,
): boolean => caller.permissions.has('administration.register') && caller.entityId === careCentreId;
