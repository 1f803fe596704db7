import type { PlannedMoment } from '@zorgportaal/contract';
import type { useMomentActions } from '../hooks/use-moment-actions.tsx';
import { QueuedState } from './queued-state.tsx';
import { useQueuedFor } from './use-queued-for.ts';

/** An as-needed agreement's queued registrations (it may have several), below the ones sent. */
export function QueuedList({
  moment,
  actions,
}: {
  moment: PlannedMoment;
  actions: ReturnType<typeof useMomentActions>;
}) {
  const queued = useQueuedFor(moment.Key);
  return queued.map((item) => <QueuedState key={item.key} moment={moment} item={item} actions={actions} />);
}
