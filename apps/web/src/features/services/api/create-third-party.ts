import type { ThirdPartyCreate } from '@lightpath/domain/services';
import { thirdPartySchema } from '@lightpath/domain/services';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { navigationCountsQuery } from '../../../lib/queries/get-navigation-counts';

export function createThirdParty(input: ThirdPartyCreate) {
  return apiRequest('netbox/thirdparty', { reply: thirdPartySchema, method: 'POST', body: input });
}

export function useCreateThirdParty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createThirdParty,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['netbox', 'thirdparties'] }),
        queryClient.invalidateQueries({ queryKey: navigationCountsQuery.queryKey }),
      ]),
  });
}
