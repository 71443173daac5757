import { mutedTriggerListSchema } from '@lightpath/domain/zabbix-triggers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function listMutedTriggers(signal?: AbortSignal) {
  return apiRequest('zabbix/trigger/muted', { reply: mutedTriggerListSchema, signal });
}

export const mutedTriggersQuery = queryOptions({
  queryKey: ['zabbix', 'muted'],
  queryFn: ({ signal }) => listMutedTriggers(signal),
  // A mute ends by itself at its time: the list looks again every minute while it is open.
  refetchInterval: 60_000,
});

export function useMutedTriggers(enabled = true) {
  return useQuery({ ...mutedTriggersQuery, enabled });
}
