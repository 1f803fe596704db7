import type { PlannedMoment, RegistrationBodyInput } from '@zorgportaal/contract';
import { getAccount } from '../../../lib/session.ts';
import { enqueue } from '../../../lib/offline/queue-store.ts';
import type { QueueItem } from '../../../lib/offline/queue-machine.ts';
import { kickQueue } from '../../../lib/offline/use-queue-sync.ts';

export const REGISTRATION_PATH = '/api/administration/registration';

/** What a queued registration keeps to place itself on the list: the moment's key, nothing personal. */
export interface RegistrationMeta {
  momentKey: string;
  /** A risk dose registered without the colleague: the double check follows once it is sent. */
  doubleCheckFollows: boolean;
  [field: string]: string | number | boolean | null;
}

export type QueuedRegistration = QueueItem<RegistrationBodyInput> & { meta: RegistrationMeta };

/**
 * Queues a registration for the signed-in account with its key. `tapped` is the time of the tap: a
 * registration queued before any attempt carries it as AdministeredAt; one whose online attempt got no
 * answer is queued with the body exactly as sent (a different body under the same key would be refused).
 */
export async function queueRegistration(
  moment: PlannedMoment,
  body: RegistrationBodyInput,
  key: string,
  tapped: number,
): Promise<void> {
  const account = getAccount();
  if (!account) throw new Error('No signed-in account to queue for');
  const meta: RegistrationMeta = {
    momentKey: moment.Key,
    doubleCheckFollows: moment.DoubleCheckRequired && (body.Status === 'given' || body.Status === 'partial'),
  };
  await enqueue({
    key,
    accountId: account.Id,
    method: 'POST',
    path: REGISTRATION_PATH,
    body,
    createdAt: tapped,
    meta,
  });
  kickQueue();
}
