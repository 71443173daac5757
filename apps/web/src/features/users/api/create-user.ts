import type { UserCreate } from '@lightpath/domain/users';
import { userReplySchema } from '@lightpath/domain/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export async function createUser(input: UserCreate) {
  return (await apiRequest('users', { reply: userReplySchema, method: 'POST', body: input })).user;
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    // Lists and customer user counts both change.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['users'] }),
        queryClient.invalidateQueries({ queryKey: ['customers'] }),
      ]),
  });
}
