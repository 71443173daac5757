import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../lib/api-client';
import { isLiveStreamConnected } from '../../lib/live-status';
import { clearToken, getToken, setToken } from '../../lib/token-storage';
import { mockFetch } from '../../test/fetch-mock';
import type { LiveStreamHandlers } from './live-stream';
import { eventsPollMs, startLiveUpdates } from './live-updates';

const everythingAnEventTouches: QueryKey[] = [
  ['events'],
  ['services'],
  ['sites'],
  ['dashboard'],
  ['map'],
  ['navigation', 'counts'],
];

function setUp(options: { onUnauthorized?: () => void } = {}) {
  const queryClient = new QueryClient();
  const invalidated: QueryKey[] = [];
  vi.spyOn(queryClient, 'invalidateQueries').mockImplementation(async (filters) => {
    invalidated.push(filters?.queryKey ?? []);
  });
  let handlers!: LiveStreamHandlers;
  const stream = { stop: vi.fn(), restart: vi.fn() };
  const stop = startLiveUpdates(queryClient, {
    openStream: (given) => {
      handlers = given;
      return stream;
    },
    ...options,
  });
  const take = () => invalidated.splice(0);
  return { handlers, stream, stop, take };
}

beforeEach(() => {
  vi.useFakeTimers();
  setToken('token-of-the-session', false);
});
afterEach(() => {
  vi.useRealTimers();
  clearToken();
});

describe('startLiveUpdates', () => {
  it('refreshes the events and every view an event changes on an events change', () => {
    const { handlers, take, stop } = setUp();
    handlers.onReady();
    expect(take()).toEqual([]);
    handlers.onChange(['events']);
    expect(take()).toEqual(everythingAnEventTouches);
    handlers.onChange(['something-else']);
    expect(take()).toEqual([]);
    stop();
  });

  it('refreshes ticket lists, tickets and site access requests on a tickets change, check-ins on a check-ins change', () => {
    const { handlers, take, stop } = setUp();
    handlers.onChange(['tickets']);
    expect(take()).toEqual([['tickets'], ['sites', 'access-requests']]);
    handlers.onChange(['checkins']);
    expect(take()).toEqual([['checkins']]);
    stop();
  });

  it('refreshes the jobs list, an open job and its output on a jobs change, never the watched jobs', () => {
    const { handlers, take, stop } = setUp();
    handlers.onChange(['jobs']);
    expect(take()).toEqual([
      ['jobs', 'list'],
      ['jobs', 'detail'],
      ['jobs', 'output'],
    ]);
    stop();
  });

  it('says whether the stream is connected, for the screens that poll without it', () => {
    const { handlers, stop } = setUp();
    expect(isLiveStreamConnected()).toBe(false);
    handlers.onReady();
    expect(isLiveStreamConnected()).toBe(true);
    handlers.onDown();
    expect(isLiveStreamConnected()).toBe(false);
    handlers.onReady();
    stop();
    expect(isLiveStreamConnected()).toBe(false);
  });

  it('does not poll while the stream is up', async () => {
    const { handlers, take, stop } = setUp();
    handlers.onReady();
    await vi.advanceTimersByTimeAsync(10 * eventsPollMs);
    expect(take()).toEqual([]);
    stop();
  });

  it('polls the events every 120 s while the stream is down, and stops once it is back', async () => {
    const { handlers, take, stop } = setUp();
    handlers.onReady();
    handlers.onDown();
    // Reconnect attempts report the stream down again: still one poll, not one per attempt.
    handlers.onDown();
    await vi.advanceTimersByTimeAsync(119_999);
    expect(take()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(take()).toEqual([['events']]);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(take()).toEqual([['events']]);

    // Back: one catch-up of everything that may have changed meanwhile, then no more polling.
    handlers.onReady();
    expect(take()).toEqual([
      ...everythingAnEventTouches,
      ['tickets'],
      ['sites', 'access-requests'],
      ['checkins'],
      ['jobs', 'list'],
      ['jobs', 'detail'],
      ['jobs', 'output'],
    ]);
    await vi.advanceTimersByTimeAsync(5 * eventsPollMs);
    expect(take()).toEqual([]);
    stop();
  });

  it('falls back to polling when the first connection fails', async () => {
    const { handlers, take, stop } = setUp();
    handlers.onDown();
    await vi.advanceTimersByTimeAsync(eventsPollMs);
    expect(take()).toEqual([['events']]);
    stop();
  });

  it('stops streaming and polling when stopped', async () => {
    const { handlers, stream, take, stop } = setUp();
    handlers.onDown();
    stop();
    expect(stream.stop).toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(5 * eventsPollMs);
    expect(take()).toEqual([]);
  });

  it('follows the token: a new one restarts the stream, signing out stops it', async () => {
    const { handlers, stream, take, stop } = setUp();
    setToken('token-after-password-change', true);
    expect(stream.restart).toHaveBeenCalledTimes(1);
    handlers.onDown();
    clearToken();
    expect(stream.stop).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5 * eventsPollMs);
    expect(take()).toEqual([]);
    stop();
  });

  it("hands a 401 to the API client's logged-out handling", async () => {
    vi.useRealTimers();
    const onUnauthorized = vi.fn();
    configureApiClient({ onUnauthorized, onForbidden: () => {} });
    const { calls } = mockFetch({
      'GET /api/user/me': { status: 401, body: { result: 'Failure', message: 'You have been logged out.' } },
    });
    const { handlers, stop } = setUp();
    handlers.onUnauthorized();
    await vi.waitFor(() => expect(onUnauthorized).toHaveBeenCalledTimes(1));
    expect(calls.map((c) => c.url)).toEqual(['/api/user/me']);
    expect(getToken()).toBeNull();
    stop();
    configureApiClient({ onUnauthorized: () => {}, onForbidden: () => {} });
  });
});
