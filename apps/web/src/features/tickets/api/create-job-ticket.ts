import { ticketCreatedSchema } from '@lightpath/domain/tickets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestWithMessage } from '../../../lib/api-client';

// The body of POST /api/ticket/ventia (spec 7.6: the technician job ticket). Times are unix seconds;
// a job without a schedule is null.
export type JobTicketBody = {
  siteid: number;
  technicianid: number;
  subject: string;
  description: string;
  scheduledtime: number | null;
};

export type CreateJobTicketInput = {
  body: JobTicketBody;
  // One key per visit to the creator: a double click or a retry after a lost reply answers the first
  // job instead of sending the technician twice.
  idempotencyKey: string;
};

// The reply's message ('Ticket #N created!') is the success toast, so it is kept with the payload.
export async function createJobTicket({ body, idempotencyKey }: CreateJobTicketInput) {
  const reply = await apiRequestWithMessage('ticket/ventia', {
    reply: ticketCreatedSchema,
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return { ticketid: reply.payload.ticketid, message: reply.message };
}

export function useCreateJobTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createJobTicket,
    // Not awaited: the creator leaves for the job-ticket list at once, which refetches behind it.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['tickets'] });
    },
  });
}
