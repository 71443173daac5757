import { userReplySchema } from '@lightpath/domain/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export async function getUser(userid: number, signal?: AbortSignal) {
  return (await apiRequest(`user/${userid}`, { reply: userReplySchema, signal })).user;
}

export function userQuery(userid: number) {
  return queryOptions({
    queryKey: ['users', 'detail', userid],
    queryFn: ({ signal }) => getUser(userid, signal),
  });
}

export function useUser(userid: number) {
  return useQuery({ ...userQuery(userid), enabled: Number.isInteger(userid) && userid > 0 });
}
