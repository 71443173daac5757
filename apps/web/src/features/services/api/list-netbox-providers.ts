import { netboxNamedListSchema } from '@lightpath/domain/services';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { rowsOf } from '../third-party-values';

// NetBox providers for the third-party circuit form; they change rarely, so they are kept for a while.
export async function listNetboxProviders(signal?: AbortSignal) {
  return rowsOf(await apiRequest('netbox/providers', { reply: netboxNamedListSchema, signal }));
}

export const netboxProvidersQuery = queryOptions({
  queryKey: ['netbox', 'providers'],
  queryFn: ({ signal }) => listNetboxProviders(signal),
  staleTime: 5 * 60_000,
});

export function useNetboxProviders(enabled = true) {
  return useQuery({ ...netboxProvidersQuery, enabled });
}
