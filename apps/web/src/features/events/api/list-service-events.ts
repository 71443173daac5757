import { listPage } from '@lightpath/domain/api';
import { eventSummarySchema } from '@lightpath/domain/events';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type ListServiceEventsParams = { limit: number; offset: number };

export function listServiceEvents(serviceid: string, params: ListServiceEventsParams, signal?: AbortSignal) {
  return apiRequest(`events/${encodeURIComponent(serviceid)}`, {
    reply: listPage(eventSummarySchema),
    query: params,
    signal,
  });
}

export function serviceEventsQuery(serviceid: string, params: ListServiceEventsParams) {
  return queryOptions({
    queryKey: ['events', 'service', serviceid, params],
    queryFn: ({ signal }) => listServiceEvents(serviceid, params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useServiceEvents(serviceid: string, params: ListServiceEventsParams, enabled = true) {
  return useQuery({ ...serviceEventsQuery(serviceid, params), enabled: enabled && serviceid !== '' });
}
