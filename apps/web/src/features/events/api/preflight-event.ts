import type { PreflightCustomer } from '@lightpath/domain/events';
import { eventWriteReplySchema } from '@lightpath/domain/events';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { EventWriteBody } from '../event-form-values';

export type EventPreflightInput = {
  body: EventWriteBody;
  // Set when editing: the plan is then worked out for the event's next revision (PUT).
  eventid?: number;
};

// Spec 4: leaving the wizard's first page submits the event with preflight true. The server answers
// who would be told what and writes nothing.
export async function preflightEvent({ body, eventid }: EventPreflightInput): Promise<PreflightCustomer[]> {
  const reply = await apiRequest(eventid === undefined ? 'event' : `event/${eventid}`, {
    reply: eventWriteReplySchema,
    method: eventid === undefined ? 'POST' : 'PUT',
    body: { ...body, preflight: true },
  });
  return reply.customers ?? [];
}

// Nothing to invalidate: a preflight changes nothing.
export function usePreflightEvent() {
  return useMutation({ mutationFn: preflightEvent });
}
