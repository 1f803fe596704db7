import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PlannedMoment } from '@zorgportaal/contract';
import { timeInAmsterdam } from '../../../lib/dates.ts';
import { isOpen } from '../utils/moments.ts';

/** The open timed dose whose window opens first, when none is due yet (nothing in or past its window). */
export function nextDueDose(moments: readonly PlannedMoment[], now: number): PlannedMoment | null {
  const open = moments.filter((m) => m.Window && isOpen(m, now));
  if (open.some((m) => Date.parse(m.Window!.Start) <= now)) return null;
  return open.reduce<PlannedMoment | null>(
    (first, m) => (!first || Date.parse(m.Window!.Start) < Date.parse(first.Window!.Start) ? m : first),
    null,
  );
}

/**
 * Today, when no dose is due yet (e.g. at 01:02 before a 07:00 round): the list says so at its top
 * instead of presenting a round hours away as the current one.
 */
export function NextRoundNotice({ moments, now }: { moments: readonly PlannedMoment[]; now: number }) {
  const { t } = useTranslation();
  const next = nextDueDose(moments, now);
  if (!next) return null;
  return (
    <Alert color="gray" variant="light" data-testid="next-round-notice">
      {t(
        'administration.window.noRoundDue',
        'Er is nu geen ronde aan de beurt. De volgende ronde is om {{time}}; toedienen kan vanaf {{start}}.',
        { time: next.Time, start: timeInAmsterdam(next.Window!.Start) },
      )}
    </Alert>
  );
}
