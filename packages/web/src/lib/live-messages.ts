import { useQuery, useQueryClient } from '@tanstack/react-query';
import { streamTicketSchema, unreadCountSchema } from '@zorgportaal/contract';
import { useEffect, useSyncExternalStore } from 'react';
import { api } from './api-client.ts';
import { buildUrl } from './http.ts';
import { communicationKeys, dashboardKeys } from './query-keys.ts';
import { hasPermission } from './session.ts';

/**
 * Live messages (Communicatie), shared by the layout (unread counter) and the communication screens:
 * one server-sent event stream per tab; every event refreshes the queries under communicationKeys.all
 * and the landing page's figures.
 * While the stream is down the queries poll instead.
 */

/** Polling interval while the stream is down. */
export const FALLBACK_POLL_MS = 15_000;
const RECONNECT_MS = 3_000;

let live = false;
const listeners = new Set<() => void>();
function setLive(value: boolean) {
  if (live === value) return;
  live = value;
  for (const listener of listeners) listener();
}
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** True while the event stream is connected. */
export const useStreamLive = (): boolean => useSyncExternalStore(subscribe, () => live);

/** The refetch interval for a communication query: none while live, polling while the stream is down. */
export const usePollingInterval = (): number | false => (useStreamLive() ? false : FALLBACK_POLL_MS);

export const mayUseCommunication = (): boolean => hasPermission('communication.use');

export function useUnreadMessages() {
  const enabled = mayUseCommunication();
  const refetchInterval = usePollingInterval();
  return useQuery({
    queryKey: communicationKeys.unread(),
    queryFn: () => api.get('/api/communication/unread', { schema: unreadCountSchema }),
    enabled,
    refetchInterval,
  });
}

/**
 * Keeps the event stream open while mounted (reconnecting after a drop); mount once, in the layout.
 * A browser EventSource sends no token, so each connection starts with a one-minute stream ticket
 * (POST /api/communication/stream/ticket, through the API client's token renewal). Without
 * EventSource (tests) the queries just poll.
 */
export function useMessageStream(): void {
  const queryClient = useQueryClient();
  const enabled = mayUseCommunication();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let stopped = false;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      void queryClient.invalidateQueries({ queryKey: communicationKeys.all });
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    };
    const schedule = () => {
      if (stopped) return;
      clearTimeout(retry);
      retry = setTimeout(() => void connect(), RECONNECT_MS);
    };
    const connect = async () => {
      try {
        const { Ticket } = await api.post('/api/communication/stream/ticket', undefined, {
          schema: streamTicketSchema,
        });
        if (stopped) return;
        source = new EventSource(buildUrl('/api/communication/events', { ticket: Ticket }));
        source.onopen = () => setLive(true);
        source.addEventListener('ready', refresh);
        source.addEventListener('message', refresh);
        // Dropped (or the stream's lifetime ended): poll until a new ticket opens a new stream.
        source.onerror = () => {
          source?.close();
          source = null;
          setLive(false);
          schedule();
        };
      } catch {
        schedule();
      }
    };
    void connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
      setLive(false);
    };
  }, [enabled, queryClient]);
}

/** What a new message is about when another screen opens "Nieuw bericht" (an order, an INR value). */
export interface MessageSubject {
  OrderId?: number;
  InrValueId?: number;
  PatientId?: number;
  /** The organisation to write to (the other party of an order): the dialog offers only its groups. */
  ToEntityId?: number;
}

/** The address of Communicatie with "Nieuw bericht" open about the subject (the screen reads it back). */
export function composeMessageHref(subject: MessageSubject): string {
  const params = new URLSearchParams({ compose: '1' });
  if (subject.OrderId) params.set('order', String(subject.OrderId));
  if (subject.InrValueId) params.set('inr', String(subject.InrValueId));
  if (subject.PatientId) params.set('patient', String(subject.PatientId));
  if (subject.ToEntityId) params.set('to', String(subject.ToEntityId));
  return `/communication?${params.toString()}`;
}

/** The subject in Communicatie's address, or null when "Nieuw bericht" was not asked for. */
export function composeSubjectOf(params: URLSearchParams): MessageSubject | null {
  if (params.get('compose') !== '1') return null;
  const id = (key: string) => {
    const value = Number(params.get(key));
    return Number.isInteger(value) && value > 0 && value <= 2_147_483_647 ? value : undefined;
  };
  return { OrderId: id('order'), InrValueId: id('inr'), PatientId: id('patient'), ToEntityId: id('to') };
}

/** The address keys `composeMessageHref` sets (removed again when the dialog closes). */
export const COMPOSE_PARAMS = ['compose', 'order', 'inr', 'patient', 'to'] as const;
