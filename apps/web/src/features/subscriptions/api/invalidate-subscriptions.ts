import type { QueryClient } from '@tanstack/react-query';

// Spec 4: notification create/update/delete reloads the items needing attention (a service without
// a subscriber is one of them).
export function invalidateAfterSubscriptionChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['subscriptions'] }),
    queryClient.invalidateQueries({ queryKey: ['dashboard', 'attention'] }),
  ]);
}
