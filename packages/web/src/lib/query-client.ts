import { onlineManager, QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './api-errors.ts';

/** A 4xx will not get better by asking again; other failures get one more try. */
const shouldRetry = (failureCount: number, error: unknown): boolean =>
  !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) && failureCount < 1;

export function createQueryClient(): QueryClient {
  // TanStack Query assumes "online" until an event says otherwise; a page the service worker opened
  // without a connection is not, and its queries must wait (the Toedienlijst shows its kept list).
  if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
