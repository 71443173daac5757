import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client';
import { queryClient } from './query-client';

// How long a failing load waits in retries before the page says so: the sum of the delays before
// each retry the policy allows (react-query's default delay is 1 s doubling, up to 30 s).
function retryWaitMs(error: unknown): number {
  const { retry, retryDelay } = queryClient.getDefaultOptions().queries ?? {};
  const delayOf = (attempt: number) =>
    typeof retryDelay === 'number'
      ? retryDelay
      : typeof retryDelay === 'function'
        ? retryDelay(attempt, error as Error)
        : Math.min(1000 * 2 ** attempt, 30_000);
  let total = 0;
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const again =
      typeof retry === 'function'
        ? retry(attempt, error as Error)
        : typeof retry === 'number'
          ? attempt < retry
          : !!retry;
    if (!again) break;
    total += delayOf(attempt);
  }
  return total;
}

describe('load retries', () => {
  // Issue 12: a failed load took about 4.5 s of retries before the page said so.
  it('say a server or network failure within a second', () => {
    expect(retryWaitMs(new ApiError(503, 'Service unavailable'))).toBeGreaterThan(0);
    expect(retryWaitMs(new ApiError(503, 'Service unavailable'))).toBeLessThanOrEqual(1000);
    expect(retryWaitMs(new TypeError('Failed to fetch'))).toBeLessThanOrEqual(1000);
  });

  // Issue 19: the portal answers 502 once it has waited out an external system's own timeout.
  it('never retry an external system the portal could not reach', () => {
    expect(retryWaitMs(new ApiError(502, 'Zabbix cannot be reached right now.'))).toBe(0);
  });

  it('never retry a refusal', () => {
    expect(retryWaitMs(new ApiError(404, 'Not found'))).toBe(0);
    expect(retryWaitMs(new ApiError(403, 'Forbidden'))).toBe(0);
  });
});
