import type { ThreadFilter } from '@zorgportaal/contract';
import { communicationKeys } from '../../../lib/query-keys.ts';

/** Communicatie's query keys, below the shared root the live message stream refreshes (lib/query-keys.ts). */
export const threadKeys = {
  ...communicationKeys,
  threads: () => [...communicationKeys.all, 'threads'] as const,
  list: (filter: ThreadFilter) => [...threadKeys.threads(), filter] as const,
  thread: (id: number) => [...communicationKeys.all, 'thread', id] as const,
  recipients: () => [...communicationKeys.all, 'recipients'] as const,
};
