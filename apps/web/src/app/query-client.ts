import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';

// Retrying a 4xx only repeats the same answer (and a 401/403 its side effects). A network or server
// error gets one more try, soon: a blip passes within half a second, and anything longer is better
// said at once ('An error occurred retrieving …', with its Retry button) than after seconds of
// silent retries (issue 12: the defaults, two retries 1 s and 2 s apart, took about 4.5 s).
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export const queryRetryDelayMs = 500;

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, retryDelay: queryRetryDelayMs, staleTime: 15_000 },
    mutations: { retry: false },
  },
});
