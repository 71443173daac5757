import { listPage } from '@lightpath/domain/api';
import type { TicketKind, TicketStatus } from '@lightpath/domain/tickets';
import { ticketListRowSchema } from '@lightpath/domain/tickets';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type ListTicketsParams = {
  limit: number;
  offset: number;
  q?: string | undefined;
  status?: TicketStatus | undefined;
  kind?: TicketKind | undefined;
  siteid?: number | undefined;
  sort?: string | undefined;
};

// The server scopes the list: a customer sees its own support and access tickets, a technician only
// the job tickets assigned to them, provider staff everything.
export function listTickets(params: ListTicketsParams, signal?: AbortSignal) {
  return apiRequest('tickets', { reply: listPage(ticketListRowSchema), query: params, signal });
}

// Under ['tickets'], so every ticket write (create, comment, status) refreshes it.
export function listTicketsQuery(params: ListTicketsParams) {
  return queryOptions({
    queryKey: ['tickets', 'list', params],
    queryFn: ({ signal }) => listTickets(params, signal),
    // Keep the current page on screen while the next one loads, instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });
}

export function useTickets(params: ListTicketsParams, enabled = true) {
  return useQuery({ ...listTicketsQuery(params), enabled });
}
