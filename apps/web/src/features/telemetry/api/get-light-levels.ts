import { lightLevelsSchema } from '@lightpath/domain/telemetry';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function getLightLevels(serviceid: string, signal?: AbortSignal) {
  return apiRequest(`service/${encodeURIComponent(serviceid)}/lightlevels`, {
    reply: lightLevelsSchema,
    signal,
  });
}

export function lightLevelsQuery(serviceid: string) {
  return queryOptions({
    queryKey: ['telemetry', serviceid, 'lightlevels'],
    queryFn: ({ signal }) => getLightLevels(serviceid, signal),
    refetchInterval: 5 * 60_000,
  });
}

export function useLightLevels(serviceid: string, enabled = true) {
  return useQuery({ ...lightLevelsQuery(serviceid), enabled });
}
