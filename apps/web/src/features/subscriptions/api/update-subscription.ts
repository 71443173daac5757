import type { SubscriptionUpdate } from '@lightpath/domain/subscriptions';
import { subscriptionSchema } from '@lightpath/domain/subscriptions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestWithMessage } from '../../../lib/api-client';
import { invalidateAfterSubscriptionChange } from './invalidate-subscriptions';

// Moves a subscription to another service and/or user.
export function updateSubscription(notificationid: number, input: SubscriptionUpdate) {
  return apiRequestWithMessage(`notification/${notificationid}`, {
    reply: subscriptionSchema,
    method: 'POST',
    body: input,
  });
}

export function useUpdateSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ notificationid, input }: { notificationid: number; input: SubscriptionUpdate }) =>
      updateSubscription(notificationid, input),
    onSuccess: () => invalidateAfterSubscriptionChange(queryClient),
  });
}
