import { eventPrefillReplySchema } from '@lightpath/domain/events';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

// Spec 4: 'Prefill Event' reads a ticket and answers the event fields it implies, the services it
// names that can be used (with a message for each that cannot), and any event already on that ticket.
export function getEventPrefill(ticketid: number, signal?: AbortSignal) {
  return apiRequest(`events/prefill/${ticketid}`, { reply: eventPrefillReplySchema, signal });
}

// Asked for by a button, once per click, and never cached: the ticket may have changed since.
export function useEventPrefill() {
  return useMutation({ mutationFn: (ticketid: number) => getEventPrefill(ticketid) });
}
