import { endToEndCheckSchema } from '@lightpath/domain/telemetry';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function getEndToEndCheck(serviceid: string, signal?: AbortSignal) {
  return apiRequest(`service/${encodeURIComponent(serviceid)}/endtoendcheck`, {
    reply: endToEndCheckSchema,
    signal,
  });
}

export function endToEndCheckQuery(serviceid: string) {
  return queryOptions({
    queryKey: ['telemetry', serviceid, 'endtoendcheck'],
    queryFn: ({ signal }) => getEndToEndCheck(serviceid, signal),
    retry: false,
    // Each run is a fresh test of the path; an old answer is only shown until the next run.
    staleTime: 0,
    gcTime: 60_000,
  });
}

// Runs only when asked for: the check touches every device on the path.
export function useEndToEndCheck(serviceid: string, requested: boolean) {
  return useQuery({ ...endToEndCheckQuery(serviceid), enabled: requested });
}
