import { noPayload } from '@lightpath/domain/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function deleteSite(siteid: number) {
  return apiRequest(`site/${siteid}`, { reply: noPayload, method: 'DELETE' });
}

export function useDeleteSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSite,
    onSuccess: () => {
      // Not awaited: the caller leaves the deleted site's page at once; the views refresh behind it.
      void queryClient.invalidateQueries({ queryKey: ['sites', 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['sites', 'choices'] });
      void queryClient.invalidateQueries({ queryKey: ['map'] });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}
