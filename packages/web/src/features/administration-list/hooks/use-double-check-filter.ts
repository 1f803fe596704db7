import { useSearchParams } from 'react-router';
import type { PlannedMoment } from '@zorgportaal/contract';

/** `?filter=doublecheck`: the list shows only the doses waiting for their double check (the dashboard tile's link). */
export const DOUBLE_CHECK_FILTER = 'doublecheck';

/** A dose whose registration waits for its second professional (timed, or any of an as-needed card's). */
export const awaitsDoubleCheck = (moment: PlannedMoment): boolean =>
  moment.Registrations.some((r) => r.AwaitingDoubleCheck);

/** Whether the list is filtered on waiting double checks, and how to show everything again. */
export function useDoubleCheckFilter(): [boolean, () => void] {
  const [params, setParams] = useSearchParams();
  const on = params.get('filter') === DOUBLE_CHECK_FILTER;
  const clear = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('filter');
        return next;
      },
      { replace: true },
    );
  return [on, clear];
}
