import { type ZabbixMute, zabbixTriggerSchema } from '@lightpath/domain/zabbix-triggers';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function muteTrigger(input: ZabbixMute) {
  return apiRequest('zabbix/trigger/mute', { reply: zabbixTriggerSchema, method: 'POST', body: input });
}

// The muted list and every search show a trigger's mute.
export function invalidateZabbixViews(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: ['zabbix'] });
}

export function useMuteTrigger() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: muteTrigger, onSuccess: () => invalidateZabbixViews(queryClient) });
}
