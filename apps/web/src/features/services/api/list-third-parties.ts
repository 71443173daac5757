import { listPage } from '@lightpath/domain/api';
import { thirdPartySchema } from '@lightpath/domain/services';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { rowsOf } from '../third-party-values';

export async function listThirdParties(signal?: AbortSignal) {
  const payload = await apiRequest('netbox/thirdparties', {
    reply: listPage(thirdPartySchema),
    query: { limit: 1000 },
    signal,
  });
  return rowsOf(payload);
}

export const thirdPartiesQuery = queryOptions({
  queryKey: ['netbox', 'thirdparties'],
  queryFn: ({ signal }) => listThirdParties(signal),
});

export function useThirdParties(enabled = true) {
  return useQuery({ ...thirdPartiesQuery, enabled });
}
