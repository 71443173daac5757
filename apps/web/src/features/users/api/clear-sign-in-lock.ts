import { noPayload } from '@lightpath/domain/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { signInLockQuery } from './get-sign-in-lock';

export function clearSignInLock(userid: number) {
  return apiRequest(`user/${userid}/signinlock`, { reply: noPayload, method: 'DELETE' });
}

export function useClearSignInLock(userid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => clearSignInLock(userid),
    // Settled either way: show the lock as the server now has it.
    onSettled: () => queryClient.invalidateQueries({ queryKey: signInLockQuery(userid).queryKey }),
  });
}
