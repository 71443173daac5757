import { ticketCommentAddedSchema } from '@lightpath/domain/tickets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestWithMessage } from '../../../lib/api-client';

// The comment goes as plain text; the server turns it into sanitised HTML, so the thread is refetched
// rather than the text being shown as typed.
export async function addTicketComment(ticketid: number, comment: string) {
  const reply = await apiRequestWithMessage(`ticket/${ticketid}/comment`, {
    reply: ticketCommentAddedSchema,
    method: 'POST',
    body: { comment },
  });
  return { message: reply.message };
}

export function useAddTicketComment(ticketid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (comment: string) => addTicketComment(ticketid, comment),
    // A comment moves the ticket's updated time, so the lists refresh with the thread.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['tickets'] }),
  });
}
