import { meSchema } from '@lightpath/domain/users';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { eventViewQueryKeys } from '../../features/events/api/invalidate-event-views';
import { apiRequest } from '../../lib/api-client';
import { setLiveStreamConnected } from '../../lib/live-status';
import { getToken, subscribeToken } from '../../lib/token-storage';
import { type LiveStreamHandlers, type LiveStreamOptions, openLiveStream } from './live-stream';

// What each stream topic makes stale. An event changes the conditions of services and sites, the
// dashboard, the map and the sidebar's event counts, not only the event lists and the bell.
// Tickets include site access requests (listed on each site's page) and job tickets.
export const topicQueryKeys: Record<string, readonly QueryKey[]> = {
  events: eventViewQueryKeys,
  tickets: [['tickets'], ['sites', 'access-requests']],
  checkins: [['checkins']],
  // A job's status or output changed: the jobs list, the job's page and its output, when on screen. The
  // header's watched jobs are not here: they refresh on their own clock only while one is ongoing
  // (spec 4), so an idle browser asks for nothing when other people's jobs move.
  jobs: [
    ['jobs', 'list'],
    ['jobs', 'detail'],
    ['jobs', 'output'],
  ],
};

// Spec 9: network events poll every 120 s. Here that is the fallback while the stream is down.
export const eventsPollMs = 120_000;

export type LiveUpdatesOptions = {
  openStream?: (
    handlers: LiveStreamHandlers,
    options?: LiveStreamOptions,
  ) => { stop(): void; restart(): void };
  pollMs?: number;
  // The stream got a 401. By default a request through the API client, whose 401 runs the app's
  // logged-out handling (clear the tokens and the cache, 'You have been logged out.', /login).
  onUnauthorized?: () => void;
};

function signOutThroughApiClient() {
  void apiRequest('user/me', { reply: meSchema }).catch(() => undefined);
}

// Keeps the cached data current while signed in: refetch what a change makes stale, and poll the
// events every 120 s while the stream is down. Returns the function that stops it all.
export function startLiveUpdates(queryClient: QueryClient, options: LiveUpdatesOptions = {}): () => void {
  const openStream = options.openStream ?? openLiveStream;
  const pollMs = options.pollMs ?? eventsPollMs;
  let poll: ReturnType<typeof setInterval> | undefined;
  // Changes made while the stream was down were missed: catch up once it is back.
  let missedChanges = false;

  const refresh = (keys: readonly QueryKey[]) => {
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };
  const stopPolling = () => {
    clearInterval(poll);
    poll = undefined;
  };

  const stream = openStream({
    onReady() {
      setLiveStreamConnected(true);
      stopPolling();
      if (missedChanges) refresh(Object.values(topicQueryKeys).flat());
      missedChanges = false;
    },
    onChange(topics) {
      refresh([...new Set(topics.flatMap((topic) => topicQueryKeys[topic] ?? []))]);
    },
    onDown() {
      setLiveStreamConnected(false);
      missedChanges = true;
      poll ??= setInterval(() => refresh([['events']]), pollMs);
    },
    onUnauthorized: options.onUnauthorized ?? signOutThroughApiClient,
  });

  // Signing in again (a password change does) gives a new token: the stream follows it. Signing out
  // ends it here at once, before the layout that owns it unmounts.
  let token = getToken();
  const unsubscribeToken = subscribeToken(() => {
    const next = getToken();
    if (next === token) return;
    token = next;
    if (next) stream.restart();
    else {
      stream.stop();
      stopPolling();
      setLiveStreamConnected(false);
    }
  });

  return () => {
    unsubscribeToken();
    stream.stop();
    stopPolling();
    setLiveStreamConnected(false);
  };
}
