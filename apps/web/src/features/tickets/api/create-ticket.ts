import { ticketCreatedSchema } from '@lightpath/domain/tickets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestWithMessage } from '../../../lib/api-client';

// The body of POST /api/ticket (spec 7.6). Times are unix seconds, null when the issue has none.
export type TicketCreateBody = {
  issuetype: string;
  subject: string;
  description: string;
  tickettype: string;
  services: string[];
  starttime: number | null;
  endtime: number | null;
  siteid?: number;
};

export type CreateTicketInput = {
  body: TicketCreateBody;
  // One key per wizard session: a double click or a retry after a lost reply answers the first
  // ticket instead of opening a second one.
  idempotencyKey: string;
};

// The reply's message ('Ticket #N created!') is the success toast, so it is kept with the payload.
export async function createTicket({ body, idempotencyKey }: CreateTicketInput) {
  const reply = await apiRequestWithMessage('ticket', {
    reply: ticketCreatedSchema,
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return { ticketid: reply.payload.ticketid, message: reply.message };
}

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTicket,
    // Not awaited: the wizard goes to the new ticket at once; the list refreshes behind it.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['tickets'] });
    },
  });
}
