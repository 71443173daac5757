import { eventWriteReplySchema } from '@lightpath/domain/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestWithMessage } from '../../../lib/api-client';
import type { EventWriteBody } from '../event-form-values';
import { invalidateEventViews } from './invalidate-event-views';

export type UpdateEventInput = {
  eventid: number;
  body: EventWriteBody;
  // As for create: a retried save makes no second revision and sends no second notice.
  idempotencyKey: string;
};

// PUT replaces the event and its services as a new revision; with sendnotification the customers are
// told again (updateexisting answers on the tickets the earlier notices opened).
export async function updateEvent({ eventid, body, idempotencyKey }: UpdateEventInput) {
  const reply = await apiRequestWithMessage(`event/${eventid}`, {
    reply: eventWriteReplySchema,
    method: 'PUT',
    body: { ...body, preflight: false },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return { reply: reply.payload, message: reply.message };
}

export function useUpdateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEvent,
    onSuccess: () => {
      void invalidateEventViews(queryClient);
    },
  });
}
