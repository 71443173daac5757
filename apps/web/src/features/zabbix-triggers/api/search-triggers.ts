import { zabbixTriggerListSchema } from '@lightpath/domain/zabbix-triggers';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

// POST zabbix/trigger/search (spec 7.7): a read, sent as a POST, cached like a GET by its text.
export function searchTriggers(q: string, signal?: AbortSignal) {
  return apiRequest('zabbix/trigger/search', {
    reply: zabbixTriggerListSchema,
    method: 'POST',
    body: { q },
    signal,
  });
}

export function searchTriggersQuery(q: string) {
  return queryOptions({
    queryKey: ['zabbix', 'search', q],
    queryFn: ({ signal }) => searchTriggers(q, signal),
    placeholderData: keepPreviousData,
  });
}

export function useTriggerSearch(q: string) {
  return useQuery({ ...searchTriggersQuery(q), enabled: q.length >= 2 });
}
