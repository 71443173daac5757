import { listPage } from '@lightpath/domain/api';
import type { EventType, EventView } from '@lightpath/domain/events';
import { eventSummarySchema } from '@lightpath/domain/events';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type ListEventsParams = {
  view: EventView;
  limit: number;
  offset: number;
  type?: EventType;
  q?: string;
  customerid?: number;
  sort?: string;
};

export function listEvents(params: ListEventsParams, signal?: AbortSignal) {
  return apiRequest('events', { reply: listPage(eventSummarySchema), query: params, signal });
}

export function listEventsQuery(params: ListEventsParams) {
  return queryOptions({
    queryKey: ['events', 'list', params],
    queryFn: ({ signal }) => listEvents(params, signal),
    // Keep the current page on screen while the next one loads, instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });
}

export function useEvents(params: ListEventsParams, enabled = true) {
  return useQuery({ ...listEventsQuery(params), enabled });
}
