import { noPayload } from '@lightpath/domain/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestWithMessage } from '../../../lib/api-client';
import { invalidateEventViews } from './invalidate-event-views';

// The reply's message ('Event deleted') is the success toast.
export async function deleteEvent(eventid: number) {
  const reply = await apiRequestWithMessage(`event/${eventid}`, { reply: noPayload, method: 'DELETE' });
  return { message: reply.message };
}

export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEvent,
    onSuccess: (_reply, eventid) => {
      // The deleted event's page is left at once; its record must not be asked for again.
      queryClient.removeQueries({ queryKey: ['events', 'detail', eventid] });
      // Not awaited: the caller leaves the page at once; the views refresh behind it.
      void invalidateEventViews(queryClient);
    },
  });
}
