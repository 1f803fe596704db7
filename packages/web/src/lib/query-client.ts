import {
  onlineManager,
  QueryClient,
  type InvalidateOptions,
  type InvalidateQueryFilters,
  type QueryKey,
} from '@tanstack/react-query';
import { ApiRequestError } from './api-errors.ts';

/** A 4xx will not get better by asking again; other failures get one more try. */
const shouldRetry = (failureCount: number, error: unknown): boolean =>
  !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) && failureCount < 1;

/**
 * Invalidating means the server's data changed (every call follows a write). A query's first fetch that is
 * still in flight may have left before that write, and TanStack Query lets such a fetch answer the refetch
 * (it cancels in-flight fetches only of queries that already have data): a search typed just before
 * "Terugzetten" kept showing the restored person. Cancelling first makes the refetch start after the write.
 */
class QueryClientAfterWrites extends QueryClient {
  override async invalidateQueries<TTaggedQueryKey extends QueryKey = QueryKey>(
    filters?: InvalidateQueryFilters<TTaggedQueryKey>,
    options?: InvalidateOptions,
  ): Promise<void> {
    // Without a refetch to follow (refetchType 'none') a cancelled fetch would leave nothing loading.
    if (filters?.refetchType !== 'none') await this.cancelQueries(filters);
    return super.invalidateQueries(filters, options);
  }
}

export function createQueryClient(): QueryClient {
  // TanStack Query assumes "online" until an event says otherwise; a page the service worker opened
  // without a connection is not, and its queries must wait (the Toedienlijst shows its kept list).
  if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);
  return new QueryClientAfterWrites({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
