import { netboxNamedListSchema } from '@lightpath/domain/services';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { rowsOf } from '../third-party-values';

// NetBox head-ends for the third-party circuit form; they change rarely, so they are kept for a while.
export async function listNetboxHeadends(signal?: AbortSignal) {
  return rowsOf(await apiRequest('netbox/headends', { reply: netboxNamedListSchema, signal }));
}

export const netboxHeadendsQuery = queryOptions({
  queryKey: ['netbox', 'headends'],
  queryFn: ({ signal }) => listNetboxHeadends(signal),
  staleTime: 5 * 60_000,
});

export function useNetboxHeadends(enabled = true) {
  return useQuery({ ...netboxHeadendsQuery, enabled });
}
