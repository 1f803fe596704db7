import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './api-errors.ts';

/** A 4xx will not get better by asking again; other failures get one more try. */
const shouldRetry = (failureCount: number, error: unknown): boolean =>
  !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) && failureCount < 1;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
