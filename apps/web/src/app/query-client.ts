import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';

// Retrying a 4xx only repeats the same answer (and a 401/403 its side effects); network and server
// errors get two more tries.
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, staleTime: 15_000 },
    mutations: { retry: false },
  },
});
