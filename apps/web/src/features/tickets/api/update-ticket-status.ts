import type { TicketStatus } from '@lightpath/domain/tickets';
import { ticketStatusReplySchema } from '@lightpath/domain/tickets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestWithMessage } from '../../../lib/api-client';

export async function updateTicketStatus(ticketid: number, status: TicketStatus) {
  const reply = await apiRequestWithMessage(`ticket/${ticketid}/status`, {
    reply: ticketStatusReplySchema,
    method: 'PUT',
    body: { status },
  });
  return { message: reply.message };
}

export function useUpdateTicketStatus(ticketid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: TicketStatus) => updateTicketStatus(ticketid, status),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['tickets'] }),
  });
}
