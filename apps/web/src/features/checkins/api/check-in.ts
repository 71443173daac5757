import type { CheckinBody, CheckoutBody } from '@lightpath/domain/checkins';
import { checkinSchema } from '@lightpath/domain/checkins';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestWithMessage } from '../../../lib/api-client';

// The reply's message ('Checked into {site}') is the success toast, so it is kept alongside the row.
export async function checkIn(body: CheckinBody) {
  const reply = await apiRequestWithMessage(`site/${body.siteid}/checkin`, {
    reply: checkinSchema,
    method: 'POST',
    body,
  });
  return { checkin: reply.payload, message: reply.message };
}

export async function checkOut(body: CheckoutBody) {
  const reply = await apiRequestWithMessage(`site/${body.siteid}/checkout`, {
    reply: checkinSchema,
    method: 'POST',
    body,
  });
  return { checkin: reply.payload, message: reply.message };
}

export function invalidateCheckinViews(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: ['checkins'] });
}

// Refreshed after a failure too: a 409 means this screen's idea of what is open was stale (checked
// in or out from another device), and the modal should flip to what is true now.
export function useCheckIn() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: checkIn, onSettled: () => invalidateCheckinViews(queryClient) });
}

export function useCheckOut() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: checkOut, onSettled: () => invalidateCheckinViews(queryClient) });
}
