import type { AccessRequestBody, AccessTicketPlan } from '@lightpath/domain/access';
import { accessRequestReplySchema } from '@lightpath/domain/access';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type AccessRequestInput = { siteid: number; body: Omit<AccessRequestBody, 'preflight'> };

// Spec 4: leaving the wizard's first step submits the request with preflight true. The server answers
// the ticket it would open (requester, ccs, attachments, message) and writes nothing.
export async function preflightAccessRequest({
  siteid,
  body,
}: AccessRequestInput): Promise<AccessTicketPlan> {
  const reply = await apiRequest(`site/${siteid}/access`, {
    reply: accessRequestReplySchema,
    method: 'POST',
    body: { ...body, preflight: true },
  });
  return reply.ticket.create;
}

// Nothing to invalidate: a preflight changes nothing.
export function usePreflightAccessRequest() {
  return useMutation({ mutationFn: preflightAccessRequest });
}
