import { signInLockSchema } from '@lightpath/domain/sign-in-throttling';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export async function getSignInLock(userid: number, signal?: AbortSignal) {
  return apiRequest(`user/${userid}/signinlock`, { reply: signInLockSchema, signal });
}

export function signInLockQuery(userid: number) {
  return queryOptions({
    queryKey: ['users', 'signinlock', userid],
    queryFn: ({ signal }) => getSignInLock(userid, signal),
  });
}

export function useSignInLock(userid: number, enabled = true) {
  return useQuery({ ...signInLockQuery(userid), enabled: enabled && userid > 0 });
}
