import type { CountKey } from '@lightpath/domain/navigation';
import { navigationCountsSchema } from '@lightpath/domain/navigation';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

export type NavigationCounts = Partial<Record<CountKey, number>>;

export async function getNavigationCounts(signal?: AbortSignal) {
  return (await apiRequest('navigation/counts', { reply: navigationCountsSchema, signal })).counts ?? {};
}

// Spec 9: network events refresh every 120 s; the sidebar's event counts follow the same rhythm.
export const navigationCountsQuery = queryOptions({
  queryKey: ['navigation', 'counts'],
  queryFn: ({ signal }) => getNavigationCounts(signal),
  staleTime: 60_000,
  refetchInterval: 120_000,
});

export function useNavigationCounts(poll: boolean) {
  return useQuery({ ...navigationCountsQuery, refetchInterval: poll ? 120_000 : false });
}
