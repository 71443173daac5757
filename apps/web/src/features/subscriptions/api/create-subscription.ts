import type { SubscriptionCreate } from '@lightpath/domain/subscriptions';
import { subscriptionSchema } from '@lightpath/domain/subscriptions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestWithMessage } from '../../../lib/api-client';
import { invalidateAfterSubscriptionChange } from './invalidate-subscriptions';

export function createSubscription(input: SubscriptionCreate) {
  return apiRequestWithMessage('notification', { reply: subscriptionSchema, method: 'POST', body: input });
}

export function useCreateSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSubscription,
    onSuccess: () => invalidateAfterSubscriptionChange(queryClient),
  });
}
