import { netboxNamedListSchema } from '@lightpath/domain/services';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { rowsOf } from '../third-party-values';

// NetBox circuit types for the third-party circuit form; they change rarely, so they are kept for a while.
export async function listNetboxCircuitTypes(signal?: AbortSignal) {
  return rowsOf(await apiRequest('netbox/virtualcircuittypes', { reply: netboxNamedListSchema, signal }));
}

export const netboxCircuitTypesQuery = queryOptions({
  queryKey: ['netbox', 'virtualcircuittypes'],
  queryFn: ({ signal }) => listNetboxCircuitTypes(signal),
  staleTime: 5 * 60_000,
});

export function useNetboxCircuitTypes(enabled = true) {
  return useQuery({ ...netboxCircuitTypesQuery, enabled });
}
