import { thirdPartySchema } from '@lightpath/domain/services';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { navigationCountsQuery } from '../../../lib/queries/get-navigation-counts';

export function deleteThirdParty(id: number) {
  return apiRequest(`netbox/thirdparty/${id}`, { reply: thirdPartySchema, method: 'DELETE' });
}

export function useDeleteThirdParty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteThirdParty,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['netbox', 'thirdparties'] }),
        queryClient.invalidateQueries({ queryKey: navigationCountsQuery.queryKey }),
      ]),
  });
}
