import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  recipientListSchema,
  threadListSchema,
  threadSchema,
  type MessageCreateBody,
  type ThreadCreateBody,
  type ThreadFilter,
} from '@zorgportaal/contract';
import { api } from '../../../lib/api-client.ts';
import { usePollingInterval } from '../../../lib/live-messages.ts';
import { threadKeys } from './query-keys.ts';

/** GET /api/communication/threads: refreshed by the event stream, polled while it is down. */
export function useThreads(filter: ThreadFilter) {
  const refetchInterval = usePollingInterval();
  return useQuery({
    queryKey: threadKeys.list(filter),
    queryFn: () => api.get('/api/communication/threads', { query: { filter }, schema: threadListSchema }),
    refetchInterval,
  });
}

/** GET /api/communication/threads/{id}: opening a thread marks it read, so the counters follow. */
export function useThread(id: number | null) {
  const queryClient = useQueryClient();
  const refetchInterval = usePollingInterval();
  return useQuery({
    queryKey: threadKeys.thread(id ?? 0),
    queryFn: async () => {
      const thread = await api.get(`/api/communication/threads/${id}`, { schema: threadSchema });
      void queryClient.invalidateQueries({ queryKey: threadKeys.unread() });
      void queryClient.invalidateQueries({ queryKey: threadKeys.threads() });
      return thread;
    },
    enabled: id !== null,
    refetchInterval,
  });
}

export const useRecipients = () =>
  useQuery({
    queryKey: threadKeys.recipients(),
    queryFn: () => api.get('/api/communication/recipients', { schema: recipientListSchema }),
    staleTime: 5 * 60_000,
  });

export function useCreateThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ThreadCreateBody) =>
      api.post('/api/communication/threads', body, { schema: threadSchema }),
    onSuccess: (thread) => {
      queryClient.setQueryData(threadKeys.thread(thread.Id), thread);
      void queryClient.invalidateQueries({ queryKey: threadKeys.threads() });
    },
  });
}

export function useAnswer(threadId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MessageCreateBody) =>
      api.post(`/api/communication/threads/${threadId}/messages`, body, { schema: threadSchema }),
    onSuccess: (thread) => {
      queryClient.setQueryData(threadKeys.thread(thread.Id), thread);
      void queryClient.invalidateQueries({ queryKey: threadKeys.threads() });
    },
  });
}
