import { listPage } from '@lightpath/domain/api';
import type { EventType } from '@lightpath/domain/events';
import { eventSummarySchema } from '@lightpath/domain/events';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

// `start` and `end` are unix seconds: events that ended within the range.
export type ListPastEventsParams = {
  start: number;
  end: number;
  limit: number;
  offset: number;
  type?: EventType;
  q?: string;
  sort?: string;
};

export function listPastEvents({ start, end, ...query }: ListPastEventsParams, signal?: AbortSignal) {
  return apiRequest(`events/past/${start}/${end}`, { reply: listPage(eventSummarySchema), query, signal });
}

export function listPastEventsQuery(params: ListPastEventsParams) {
  return queryOptions({
    queryKey: ['events', 'past', params],
    queryFn: ({ signal }) => listPastEvents(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePastEvents(params: ListPastEventsParams, enabled = true) {
  return useQuery({ ...listPastEventsQuery(params), enabled });
}
