import { listPage } from '@lightpath/domain/api';
import { checkinSchema } from '@lightpath/domain/checkins';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

// Spec 7.1: GET user/{id}/checkins/active, the open check-ins that turn the modal into Check-out.
export function listActiveCheckins(userid: number, signal?: AbortSignal) {
  return apiRequest(`user/${userid}/checkins/active`, { reply: listPage(checkinSchema), signal });
}

export function activeCheckinsQuery(userid: number) {
  return queryOptions({
    queryKey: ['checkins', 'active', userid],
    queryFn: ({ signal }) => listActiveCheckins(userid, signal),
  });
}

export function useActiveCheckins(userid: number, enabled = true) {
  return useQuery({ ...activeCheckinsQuery(userid), enabled: enabled && userid > 0 });
}
