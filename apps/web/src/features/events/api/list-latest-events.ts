import { listPage } from '@lightpath/domain/api';
import { eventSummarySchema } from '@lightpath/domain/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

// The header bell: what is happening now, starting within a week or ended within one (the 'latest'
// view), newest start first.
export const latestEventsLimit = 10;

export function listLatestEvents(signal?: AbortSignal) {
  return apiRequest('events', {
    reply: listPage(eventSummarySchema),
    query: { view: 'latest', limit: latestEventsLimit },
    signal,
  });
}

// No polling of its own: the live stream refreshes everything under ['events'], and falls back to the
// 120 s poll while it is down (app/live).
export const latestEventsQuery = queryOptions({
  queryKey: ['events', 'latest'],
  queryFn: ({ signal }) => listLatestEvents(signal),
});

export function useLatestEvents(enabled = true) {
  return useQuery({ ...latestEventsQuery, enabled });
}
