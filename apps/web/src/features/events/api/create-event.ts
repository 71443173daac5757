import { eventWriteReplySchema } from '@lightpath/domain/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestWithMessage } from '../../../lib/api-client';
import type { EventWriteBody } from '../event-form-values';
import { invalidateEventViews } from './invalidate-event-views';

export type CreateEventInput = {
  body: EventWriteBody;
  // One key per wizard session: a retried click or a lost reply returns the first event instead of
  // creating (and notifying about) a second one.
  idempotencyKey: string;
};

// The reply's message ('Event #N created!') is the success toast, so it is kept with the payload.
export async function createEvent({ body, idempotencyKey }: CreateEventInput) {
  const reply = await apiRequestWithMessage('event', {
    reply: eventWriteReplySchema,
    method: 'POST',
    body: { ...body, preflight: false },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return { reply: reply.payload, message: reply.message };
}

export function useCreateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEvent,
    // Not awaited: the wizard moves on to its summary at once.
    onSuccess: () => {
      void invalidateEventViews(queryClient);
    },
  });
}
