import { trafficHistorySchema, trafficTimespanHours } from '@lightpath/domain/telemetry';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function getTrafficHistory(serviceid: string, timespan: number, signal?: AbortSignal) {
  return apiRequest(`service/${encodeURIComponent(serviceid)}/traffichistory/${timespan}`, {
    reply: trafficHistorySchema,
    signal,
  });
}

// Spec 9: the chart covers the last six hours.
export function trafficHistoryQuery(serviceid: string, timespan = trafficTimespanHours) {
  return queryOptions({
    queryKey: ['telemetry', serviceid, 'traffichistory', timespan],
    queryFn: ({ signal }) => getTrafficHistory(serviceid, timespan, signal),
    refetchInterval: 5 * 60_000,
  });
}

export function useTrafficHistory(serviceid: string, enabled = true) {
  return useQuery({ ...trafficHistoryQuery(serviceid), enabled });
}
