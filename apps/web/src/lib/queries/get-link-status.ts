import { linkStatusSchema } from '@lightpath/domain/telemetry';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

export function getLinkStatus(serviceid: string, signal?: AbortSignal) {
  return apiRequest(`service/${encodeURIComponent(serviceid)}/linkstatus`, {
    reply: linkStatusSchema,
    signal,
  });
}

export function linkStatusQuery(serviceid: string) {
  return queryOptions({
    queryKey: ['telemetry', serviceid, 'linkstatus'],
    queryFn: ({ signal }) => getLinkStatus(serviceid, signal),
    // A NOC keeps a service page open while working on it; the status should not go stale there.
    refetchInterval: 60_000,
    retry: 1,
  });
}

export function useLinkStatus(serviceid: string, enabled = true) {
  return useQuery({ ...linkStatusQuery(serviceid), enabled });
}
