import { listPage } from '@lightpath/domain/api';
import { subscriptionSchema } from '@lightpath/domain/subscriptions';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type ListSubscriptionsParams = {
  limit: number;
  offset: number;
  q?: string;
  serviceid?: string;
  userid?: number;
  sort?: string;
};

export function listSubscriptions(params: ListSubscriptionsParams, signal?: AbortSignal) {
  return apiRequest('notifications', { reply: listPage(subscriptionSchema), query: params, signal });
}

export function listSubscriptionsQuery(params: ListSubscriptionsParams) {
  return queryOptions({
    queryKey: ['subscriptions', 'list', params],
    queryFn: ({ signal }) => listSubscriptions(params, signal),
    // Keep the current page on screen while the next one loads, instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });
}

export function useSubscriptions(params: ListSubscriptionsParams, enabled = true) {
  return useQuery({ ...listSubscriptionsQuery(params), enabled });
}
