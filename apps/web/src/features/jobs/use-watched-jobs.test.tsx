import { type AwxWatchList, jobPollMs } from '@lightpath/domain/awx';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/token-storage';
import { mockFetch, type RecordedCall } from '../../test/fetch-mock';
import { job } from '../../test/jobs-test-fixtures';
import { ok, page } from '../../test/page-fixtures';
import { watchListKey } from './api/get-watch-list';
import { useWatchedJobs, watchAndRemember } from './use-watched-jobs';

function setup(routes: Parameters<typeof mockFetch>[0]) {
  setToken('token', false);
  const fetch = mockFetch(routes);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const view = renderHook(() => useWatchedJobs(), { wrapper });
  return { ...fetch, ...view, queryClient };
}

const jobCalls = (calls: RecordedCall[]) =>
  calls.filter((c) => c.url.startsWith('/api/awx/')).map((c) => `${c.method} ${c.url}`);

const realSetTimeout = globalThis.setTimeout;

// Runs the clock on, then lets the fetches a timer started settle and the cache tell the hook (TanStack
// Query tells its observers on a zero-delay timer), without moving the clock further.
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
    // Reading a mocked Response's body takes real turns of the event loop, not only microtasks.
    for (let i = 0; i < 20; i++) {
      await new Promise((resolve) => realSetTimeout(resolve, 1));
      await vi.advanceTimersByTimeAsync(0);
    }
  });
}

describe('useWatchedJobs (spec 4 polling)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('with an empty watch list reads the list once and asks nothing more, however long it sits', async () => {
    const { calls, result } = setup({ 'GET /api/awx/watch': ok({ jobs: [] }) });
    await advance(0);
    expect(result.current.jobs).toEqual([]);
    expect(result.current.polling).toBe(false);
    await advance(jobPollMs * 6);
    expect(jobCalls(calls)).toEqual(['GET /api/awx/watch']);
  });

  it('with only ended jobs watched does not poll either', async () => {
    const { calls, result } = setup({ 'GET /api/awx/watch': ok({ jobs: [job(4, 'successful')] }) });
    await advance(0);
    expect(result.current.jobs.map((j) => j.id)).toEqual([4]);
    await advance(jobPollMs * 3);
    expect(jobCalls(calls)).toEqual(['GET /api/awx/watch']);
  });

  it('starts when an ongoing job is watched, refreshes every 10 s, adds ongoing jobs not watched and stops once none is ongoing', async () => {
    let ongoing = [job(7, 'running'), job(8, 'pending')];
    let watched = [] as ReturnType<typeof job>[];
    const { calls, result, queryClient } = setup({
      'GET /api/awx/watch': () => ok({ jobs: watched }),
      'POST /api/awx/watch': (call) => {
        const id = (call.body as { jobid: number }).jobid;
        if (!watched.some((j) => j.id === id)) {
          watched = [ongoing.find((j) => j.id === id) ?? job(id), ...watched];
        }
        return ok({ jobs: watched });
      },
      'GET /api/awx/jobs': () => page(ongoing),
    });
    // What the header shows: the list in the cache (a refresh made on a timer reaches the cache; the hook's
    // own re-render under fake timers is not what is tested here).
    const listed = () => queryClient.getQueryData<AwxWatchList>(watchListKey)?.jobs ?? [];
    await advance(0);
    expect(result.current.polling).toBe(false);

    // Watching job 7 (what a launch does) starts the refresh.
    await act(async () => {
      await watchAndRemember(queryClient, 7);
    });
    await advance(0);
    expect(result.current.polling).toBe(true);
    calls.length = 0;
    await advance(jobPollMs - 1);
    expect(jobCalls(calls)).toEqual([]);
    await advance(1);
    // One refresh: the ongoing jobs, and job 8 (ongoing, not watched) added.
    expect(jobCalls(calls)).toEqual([
      'GET /api/awx/jobs?ongoing=true&limit=100&offset=0',
      'POST /api/awx/watch',
    ]);
    expect(calls[1]?.body).toEqual({ jobid: 8 });
    expect(listed().map((j) => j.id)).toEqual([8, 7]);

    // Both finish: the next refresh finds nothing ongoing, reads the list for the final statuses, and stops.
    ongoing = [];
    watched = [job(8, 'successful'), job(7, 'failed')];
    calls.length = 0;
    await advance(jobPollMs);
    expect(jobCalls(calls)).toEqual([
      'GET /api/awx/jobs?ongoing=true&limit=100&offset=0',
      'GET /api/awx/watch',
    ]);
    expect(listed().map((j) => j.status)).toEqual(['successful', 'failed']);
    calls.length = 0;
    await advance(jobPollMs * 5);
    expect(jobCalls(calls)).toEqual([]);
  });

  it('keeps polling after a failed refresh while a watched job is still ongoing', async () => {
    let fail = true;
    const { calls } = setup({
      'GET /api/awx/watch': ok({ jobs: [job(3, 'running')] }),
      'GET /api/awx/jobs': () =>
        fail ? { status: 502, body: { result: 'Failure', message: 'down' } } : page([job(3)]),
    });
    await advance(0);
    calls.length = 0;
    await advance(jobPollMs);
    expect(jobCalls(calls)).toHaveLength(1);
    fail = false;
    await advance(jobPollMs);
    expect(jobCalls(calls)).toEqual([
      'GET /api/awx/jobs?ongoing=true&limit=100&offset=0',
      'GET /api/awx/jobs?ongoing=true&limit=100&offset=0',
      'GET /api/awx/watch',
    ]);
  });

  it('removes one job and clears the list through the server', async () => {
    const { calls, result } = setup({
      'GET /api/awx/watch': ok({ jobs: [job(5, 'successful'), job(4, 'failed')] }),
      'DELETE /api/awx/watch/5': ok({ jobs: [job(4, 'failed')] }),
      'DELETE /api/awx/watch': ok({ jobs: [] }),
    });
    await advance(0);
    await act(async () => {
      await result.current.remove(5);
    });
    await advance(0);
    expect(result.current.jobs.map((j) => j.id)).toEqual([4]);
    await act(async () => {
      await result.current.clear();
    });
    await advance(0);
    expect(result.current.jobs).toEqual([]);
    expect(jobCalls(calls)).toEqual([
      'GET /api/awx/watch',
      'DELETE /api/awx/watch/5',
      'DELETE /api/awx/watch',
    ]);
  });
});
