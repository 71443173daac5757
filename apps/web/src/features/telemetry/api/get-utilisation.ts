import { utilisationSchema, utilisationTimespanHours } from '@lightpath/domain/telemetry';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequestWithMessage } from '../../../lib/api-client';

// Spec 8: when telemetry cannot be read the server still answers, with 0 both ways and a message.
export async function getUtilisation(serviceid: string, timespan: number, signal?: AbortSignal) {
  const { payload, message } = await apiRequestWithMessage(
    `service/${encodeURIComponent(serviceid)}/utilisation/${timespan}`,
    { reply: utilisationSchema, signal },
  );
  return { utilisation: payload, message };
}

// Spec 9: utilisation is the average over the last hour.
export function utilisationQuery(serviceid: string, timespan = utilisationTimespanHours) {
  return queryOptions({
    queryKey: ['telemetry', serviceid, 'utilisation', timespan],
    queryFn: ({ signal }) => getUtilisation(serviceid, timespan, signal),
    refetchInterval: 5 * 60_000,
  });
}

export function useUtilisation(serviceid: string, enabled = true) {
  return useQuery({ ...utilisationQuery(serviceid), enabled });
}
