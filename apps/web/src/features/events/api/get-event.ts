import { eventDetailSchema } from '@lightpath/domain/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';

export function getEvent(eventid: number, signal?: AbortSignal) {
  return apiRequest(`event/${eventid}`, { reply: eventDetailSchema, signal });
}

export function eventQuery(eventid: number) {
  return queryOptions({
    queryKey: ['events', 'detail', eventid],
    queryFn: ({ signal }) => getEvent(eventid, signal),
    // A 404 is an answer, not a hiccup: asking again only delays the "not found" page.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
}

export function useEvent(eventid: number, enabled = true) {
  return useQuery({ ...eventQuery(eventid), enabled: enabled && Number.isInteger(eventid) && eventid > 0 });
}
