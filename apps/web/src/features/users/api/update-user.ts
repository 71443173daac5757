import type { UserUpdate } from '@lightpath/domain/users';
import { userReplySchema } from '@lightpath/domain/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { meQueryKey } from '../../../lib/queries/get-me';

export async function updateUser(userid: number, input: UserUpdate) {
  return (await apiRequest(`user/${userid}`, { reply: userReplySchema, method: 'PUT', body: input })).user;
}

export function useUpdateUser(userid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UserUpdate) => updateUser(userid, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['users'] }),
        // The header shows the signed-in user's name; editing yourself must refresh it.
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
      ]),
  });
}
