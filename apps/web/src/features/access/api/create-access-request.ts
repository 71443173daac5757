import type { AccessTicketPlan } from '@lightpath/domain/access';
import { accessRequestReplySchema } from '@lightpath/domain/access';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestWithMessage } from '../../../lib/api-client';
import { accessRequestsKey } from './list-access-requests';
import type { AccessRequestInput } from './preflight-access-request';

export type CreateAccessRequestInput = AccessRequestInput & {
  // One key per wizard session: a retried click or a lost reply answers the first ticket instead of
  // opening a second one.
  idempotencyKey: string;
};

// Spec 4: leaving the second step submits the request for real. The reply's message
// ('Ticket #N created!') is the success toast, so it is kept with the ticket.
export async function createAccessRequest({ siteid, body, idempotencyKey }: CreateAccessRequestInput) {
  const reply = await apiRequestWithMessage(`site/${siteid}/access`, {
    reply: accessRequestReplySchema,
    method: 'POST',
    body: { ...body, preflight: false },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return { ticket: reply.payload.ticket.create as AccessTicketPlan & { id: number }, message: reply.message };
}

export function useCreateAccessRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAccessRequest,
    // Not awaited: the wizard moves on to its summary at once.
    onSuccess: (_, { siteid }) => {
      void queryClient.invalidateQueries({ queryKey: accessRequestsKey(siteid) });
      void queryClient.invalidateQueries({ queryKey: ['tickets'] });
    },
  });
}
