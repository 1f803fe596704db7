import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PurgeBody } from '@zorgportaal/contract';
import { request } from '../../../lib/api-client.ts';
import { trashKeys } from './query-keys.ts';

/** DELETE /api/trash/{personId}: erases the personal data for good; the log entries stay. */
export const purgePerson = ({ personId, body }: { personId: number; body: PurgeBody }) =>
  // api.delete sends no body; this DELETE carries the typed name.
  request<void>(`/api/trash/${personId}`, { method: 'DELETE', json: body });

export function usePurgePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: purgePerson,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trashKeys.all }),
  });
}
