import { listPage } from '@lightpath/domain/api';
import { checkinSchema } from '@lightpath/domain/checkins';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type ListCheckinsParams = {
  limit: number;
  offset: number;
  q?: string | undefined;
  active?: boolean | undefined;
  siteid?: number | undefined;
  userid?: number | undefined;
  sort?: string | undefined;
};

export function listCheckins(params: ListCheckinsParams, signal?: AbortSignal) {
  return apiRequest('checkins', { reply: listPage(checkinSchema), query: params, signal });
}

// Everything about check-ins lives under ['checkins'], so a check-in or check-out refreshes it all.
export function listCheckinsQuery(params: ListCheckinsParams) {
  return queryOptions({
    queryKey: ['checkins', 'list', params],
    queryFn: ({ signal }) => listCheckins(params, signal),
    // Keep the current page on screen while the next one loads, instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });
}

export function useCheckins(
  params: ListCheckinsParams,
  options: { enabled?: boolean; refetchMs?: number } = {},
) {
  return useQuery({
    ...listCheckinsQuery(params),
    enabled: options.enabled ?? true,
    refetchInterval: options.refetchMs,
  });
}
