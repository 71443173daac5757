import { ticketDetailSchema } from '@lightpath/domain/tickets';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';

export function getTicket(ticketid: number, signal?: AbortSignal) {
  return apiRequest(`ticket/${ticketid}`, { reply: ticketDetailSchema, signal });
}

export function ticketQuery(ticketid: number) {
  return queryOptions({
    queryKey: ['tickets', 'detail', ticketid],
    queryFn: ({ signal }) => getTicket(ticketid, signal),
    // A 404 (missing or out of scope) is an answer, not a hiccup: asking again only delays it.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
}

export function useTicket(ticketid: number, enabled = true) {
  return useQuery({
    ...ticketQuery(ticketid),
    enabled: enabled && Number.isInteger(ticketid) && ticketid > 0,
  });
}
