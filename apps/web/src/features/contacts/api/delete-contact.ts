import { noPayload } from '@lightpath/domain/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function deleteContact(contactid: number) {
  return apiRequest(`contact/${contactid}`, { reply: noPayload, method: 'DELETE' });
}

export function useDeleteContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContact,
    onSuccess: (_reply, contactid) => {
      // Not awaited: the caller leaves the deleted contact's page at once; the views refresh behind
      // it. The detail is dropped rather than refetched, as it no longer exists.
      queryClient.removeQueries({ queryKey: ['contacts', 'detail', contactid] });
      void queryClient.invalidateQueries({ queryKey: ['contacts'] });
      // Its site assignments went with it: the sites' contact panels and the items needing attention
      // (a site may have lost its primary contact).
      void queryClient.invalidateQueries({ queryKey: ['sites'] });
      void queryClient.invalidateQueries({ queryKey: ['dashboard', 'attention'] });
    },
  });
}
