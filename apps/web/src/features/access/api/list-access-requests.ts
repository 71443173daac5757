import { accessRequestRowSchema } from '@lightpath/domain/access';
import { listPage } from '@lightpath/domain/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const accessRequestsKey = (siteid: number) => ['sites', 'access-requests', siteid] as const;

export function listAccessRequests(
  siteid: number,
  page: { limit: number; offset: number },
  signal?: AbortSignal,
) {
  return apiRequest(`site/${siteid}/access`, {
    reply: listPage(accessRequestRowSchema),
    query: page,
    signal,
  });
}

// A site's access requests, newest first.
export function accessRequestsQuery(siteid: number, page = { limit: 10, offset: 0 }) {
  return queryOptions({
    queryKey: [...accessRequestsKey(siteid), page],
    queryFn: ({ signal }) => listAccessRequests(siteid, page, signal),
  });
}

export function useAccessRequests(siteid: number, enabled = true) {
  return useQuery({ ...accessRequestsQuery(siteid), enabled });
}
