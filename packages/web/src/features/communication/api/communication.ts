import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  patientListSchema,
  recipientListSchema,
  threadListSchema,
  threadSchema,
  type MessageCreateBody,
  type ThreadCreateBody,
  type ThreadFilter,
} from '@zorgportaal/contract';
import { api } from '../../../lib/api-client.ts';
import { COMMUNICATION_KEY, usePollingInterval } from '../../../lib/live-messages.ts';

export const threadsKey = (filter: ThreadFilter) => [...COMMUNICATION_KEY, 'threads', filter] as const;
export const threadKey = (id: number) => [...COMMUNICATION_KEY, 'thread', id] as const;

/** GET /api/communication/threads: refreshed by the event stream, polled while it is down. */
export function useThreads(filter: ThreadFilter) {
  const refetchInterval = usePollingInterval();
  return useQuery({
    queryKey: threadsKey(filter),
    queryFn: () => api.get('/api/communication/threads', { query: { filter }, schema: threadListSchema }),
    refetchInterval,
  });
}

/** GET /api/communication/threads/{id}: opening a thread marks it read, so the counters follow. */
export function useThread(id: number | null) {
  const queryClient = useQueryClient();
  const refetchInterval = usePollingInterval();
  return useQuery({
    queryKey: threadKey(id ?? 0),
    queryFn: async () => {
      const thread = await api.get(`/api/communication/threads/${id}`, { schema: threadSchema });
      void queryClient.invalidateQueries({ queryKey: [...COMMUNICATION_KEY, 'unread'] });
      void queryClient.invalidateQueries({ queryKey: [...COMMUNICATION_KEY, 'threads'] });
      return thread;
    },
    enabled: id !== null,
    refetchInterval,
  });
}

export const useRecipients = () =>
  useQuery({
    queryKey: [...COMMUNICATION_KEY, 'recipients'],
    queryFn: () => api.get('/api/communication/recipients', { schema: recipientListSchema }),
    staleTime: 5 * 60_000,
  });

/** The clients a message may be about (the caller's scope; the server checks the other side). */
export const usePatientChoices = (enabled: boolean) =>
  useQuery({
    queryKey: [...COMMUNICATION_KEY, 'patients'],
    queryFn: () => api.get('/api/patients', { query: { limit: 200 }, schema: patientListSchema }),
    enabled,
    staleTime: 5 * 60_000,
  });

export function useCreateThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ThreadCreateBody) =>
      api.post('/api/communication/threads', body, { schema: threadSchema }),
    onSuccess: (thread) => {
      queryClient.setQueryData(threadKey(thread.Id), thread);
      void queryClient.invalidateQueries({ queryKey: [...COMMUNICATION_KEY, 'threads'] });
    },
  });
}

export function useAnswer(threadId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MessageCreateBody) =>
      api.post(`/api/communication/threads/${threadId}/messages`, body, { schema: threadSchema }),
    onSuccess: (thread) => {
      queryClient.setQueryData(threadKey(thread.Id), thread);
      void queryClient.invalidateQueries({ queryKey: [...COMMUNICATION_KEY, 'threads'] });
    },
  });
}
