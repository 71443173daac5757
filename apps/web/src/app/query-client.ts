import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';

// Retrying a 4xx only repeats the same answer (and a 401/403 its side effects). A network or server
// error gets one more try, soon: a blip passes within half a second, and anything longer is better
// said at once ('An error occurred retrieving …', with its Retry button) than after seconds of
// silent retries (issue 12: the defaults, two retries 1 s and 2 s apart, took about 4.5 s).
// A 502 is the portal saying an external system (Prometheus, Zabbix, NetBox, Zendesk, AWX) failed after
// the portal had already waited that system's timeout: a retry would double a wait of up to 10 s before
// the page says so (issue 19), and the message's Try again button is there for a system that is back.
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  if (error instanceof ApiError && error.status === 502) return false;
  return failureCount < 1;
}

export const queryRetryDelayMs = 500;

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, retryDelay: queryRetryDelayMs, staleTime: 15_000 },
    mutations: { retry: false },
  },
});
