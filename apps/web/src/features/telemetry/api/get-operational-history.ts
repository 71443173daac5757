import { operationalHistorySchema } from '@lightpath/domain/telemetry';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export async function getOperationalHistory(serviceid: string, timespan: number, signal?: AbortSignal) {
  const payload = await apiRequest(
    `service/${encodeURIComponent(serviceid)}/operationalhistory/${timespan}`,
    { reply: operationalHistorySchema, signal },
  );
  return payload.changes ?? [];
}

// A week of link changes: long enough to see a flapping pattern, short enough to read at a glance.
export const operationalHistoryHours = 7 * 24;

export function operationalHistoryQuery(serviceid: string, timespan = operationalHistoryHours) {
  return queryOptions({
    queryKey: ['telemetry', serviceid, 'operationalhistory', timespan],
    queryFn: ({ signal }) => getOperationalHistory(serviceid, timespan, signal),
  });
}

export function useOperationalHistory(serviceid: string, enabled = true) {
  return useQuery({ ...operationalHistoryQuery(serviceid), enabled });
}
