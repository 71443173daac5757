import { noPayload } from '@lightpath/domain/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { navigationCountsQuery } from '../../../lib/queries/get-navigation-counts';

export function deleteService(serviceid: string) {
  return apiRequest(`service/${encodeURIComponent(serviceid)}`, { reply: noPayload, method: 'DELETE' });
}

export function useDeleteService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteService,
    onSuccess: () => {
      // Not awaited: the caller leaves the deleted service's page at once; the lists refresh behind it.
      void queryClient.invalidateQueries({ queryKey: ['services', 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['services', 'exists'] });
      void queryClient.invalidateQueries({ queryKey: navigationCountsQuery.queryKey });
    },
  });
}
