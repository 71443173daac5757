import { noPayload } from '@lightpath/domain/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestWithMessage } from '../../../lib/api-client';
import { invalidateAfterSubscriptionChange } from './invalidate-subscriptions';

export function deleteSubscription(notificationid: number) {
  return apiRequestWithMessage(`notification/${notificationid}`, { reply: noPayload, method: 'DELETE' });
}

export function useDeleteSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSubscription,
    onSuccess: () => invalidateAfterSubscriptionChange(queryClient),
  });
}
