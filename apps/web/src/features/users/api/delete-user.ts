import { noPayload } from '@lightpath/domain/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function deleteUser(userid: number) {
  return apiRequest(`user/${userid}`, { reply: noPayload, method: 'DELETE' });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => {
      // Not awaited: the caller leaves the deleted user's page at once; the lists refresh behind it.
      void queryClient.invalidateQueries({ queryKey: ['users', 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['customers'] });
    },
  });
}
