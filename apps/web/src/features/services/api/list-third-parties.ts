import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { rowsOf, type ThirdPartyCircuit } from '../third-party-values';

export async function listThirdParties(signal?: AbortSignal) {
  const payload = await apiRequest<ThirdPartyCircuit[] | { results: ThirdPartyCircuit[] }>(
    'netbox/thirdparties',
    {
      query: { limit: 1000 },
      signal,
    },
  );
  return rowsOf(payload);
}

export const thirdPartiesQuery = queryOptions({
  queryKey: ['netbox', 'thirdparties'],
  queryFn: ({ signal }) => listThirdParties(signal),
});

export function useThirdParties(enabled = true) {
  return useQuery({ ...thirdPartiesQuery, enabled });
}
