import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  IDEMPOTENCY_KEY_HEADER,
  registrationSchema,
  type AdministrationList,
  type PlannedMoment,
  type Registration,
  type RegistrationBodyInput,
} from '@zorgportaal/contract';
import { api } from '../../../lib/api-client.ts';
import { RequestFailedError } from '../../../lib/api-errors.ts';
import { isOffline } from '../../../lib/offline/is-offline.ts';
import { newIdempotencyKey } from '../../../lib/offline/uuid.ts';
import { administrationListKeys } from '../api/query-keys.ts';
import { applyRegistration } from '../utils/moments.ts';
import { queueRegistration, REGISTRATION_PATH } from './queue-registration.ts';

/** Sent now (the server's registration), or queued to be sent when the connection is back. */
export type KeyedResult = { queued: false; registration: Registration } | { queued: true };

/**
 * A registration from a card that survives a dropped connection. Every registration gets a key made
 * once; without a connection it goes to the queue at once (the tap's time as AdministeredAt); an
 * attempt that got no answer goes to the queue with the same key and body, so if the server did take
 * it, sending it again only replays its answer.
 */
export function useKeyedRegistration(moment: PlannedMoment) {
  const queryClient = useQueryClient();
  return useMutation({
    // Runs offline too (TanStack would pause it): queueing is its offline answer.
    networkMode: 'always',
    mutationFn: async (body: RegistrationBodyInput): Promise<KeyedResult> => {
      const key = newIdempotencyKey();
      const tapped = Date.now();
      if (isOffline()) {
        await queueRegistration(
          moment,
          { ...body, AdministeredAt: new Date(tapped).toISOString() },
          key,
          tapped,
        );
        return { queued: true };
      }
      try {
        const registration = await api.post(REGISTRATION_PATH, body, {
          schema: registrationSchema,
          headers: { [IDEMPOTENCY_KEY_HEADER]: key },
        });
        return { queued: false, registration };
      } catch (error) {
        if (!(error instanceof RequestFailedError) || error.kind === 'aborted') throw error;
        await queueRegistration(moment, body, key, tapped);
        return { queued: true };
      }
    },
    onSuccess: (result) => {
      if (result.queued) return;
      queryClient.setQueriesData<AdministrationList>({ queryKey: administrationListKeys.lists() }, (list) =>
        list ? applyRegistration(list, result.registration) : list,
      );
    },
    onSettled: (result) =>
      result?.queued ? undefined : queryClient.invalidateQueries({ queryKey: administrationListKeys.all }),
  });
}
